package dev.ferrum.agent.image.qcow2;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.io.IOException;
import java.io.InputStream;

/**
 * A forward-only window over the sequential image stream: {@link #ensure} makes bytes at a host
 * offset available, reading (and so hashing) everything before it exactly once. Requests must not
 * start before the previous one; they may overlap it (packed compressed clusters share sectors),
 * which is why the window keeps the bytes from the last requested start onwards.
 */
final class StreamWindow {
    private final InputStream in;
    private final byte[] buf;
    private long bufStart;
    private int fill;

    /** A window over {@code in}, whose next byte is at host offset {@code position}. */
    StreamWindow(InputStream in, byte[] buffer, long position) {
        this.in = in;
        this.buf = buffer;
        this.bufStart = position;
    }

    /** The lowest host offset a request may still start at. */
    long start() {
        return bufStart;
    }

    byte[] buffer() {
        return buf;
    }

    /** Index in {@link #buffer()} of host offset {@code offset}, which {@link #ensure} made available. */
    int index(long offset) {
        return (int) (offset - bufStart);
    }

    int capacity() {
        return buf.length;
    }

    /**
     * Makes {@code [from, from+length)} available and returns how much of it is: {@code length},
     * or less only where the file ends.
     */
    int ensure(long from, int length) {
        if (from < bufStart || length > buf.length) {
            throw new IllegalStateException("window request " + from + "+" + length + " behind " + bufStart
                    + " or over capacity " + buf.length);
        }
        long end = bufStart + fill;
        if (from >= end) {
            long skipped = discard(from - end);
            if (skipped < from - end) {
                bufStart = end + skipped;
                fill = 0;
                return 0;
            }
            bufStart = from;
            fill = 0;
        } else if (from > bufStart) {
            int shift = (int) (from - bufStart);
            System.arraycopy(buf, shift, buf, 0, fill - shift);
            fill -= shift;
            bufStart = from;
        }
        try {
            while (fill < length) {
                int n = in.read(buf, fill, length - fill);
                if (n < 0) {
                    break;
                }
                fill += n;
            }
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "reading the image stream failed at byte "
                    + (bufStart + fill) + ": " + e, e);
        }
        return Math.min(fill, length);
    }

    /** Receives the bytes of a {@link #pass}: {@code length} bytes at {@code position} within the passed range. */
    @FunctionalInterface
    interface RangeSink {
        void accept(long position, byte[] buffer, int offset, int length);
    }

    /**
     * Hands {@code [from, from+length)} to {@code sink} in order and moves the window past it: what
     * the window holds first, then the rest lent in place when the stream is a {@link LendingStream}
     * (else read through the window). Later requests must start at or after {@code from + length}.
     * Returns how many bytes there were: {@code length}, or less only where the file ends.
     */
    long pass(long from, long length, RangeSink sink) {
        if (from < bufStart) {
            throw new IllegalStateException("window request " + from + " behind " + bufStart);
        }
        long end = bufStart + fill;
        long done = 0;
        if (from >= end) {
            long skipped = discard(from - end);
            bufStart = end + skipped;
            fill = 0;
            if (skipped < from - end) {
                return 0;
            }
        } else {
            int index = (int) (from - bufStart);
            int n = (int) Math.min(length, fill - index);
            sink.accept(0, buf, index, n);
            done = n;
            int kept = fill - index - n;
            System.arraycopy(buf, index + n, buf, 0, kept);
            fill = kept;
            bufStart = from + n;
        }
        try {
            while (done < length) {
                int want = (int) Math.min(length - done, Integer.MAX_VALUE);
                long at = done;
                int n;
                if (in instanceof LendingStream lending) {
                    n = lending.lend(want, (b, off, len) -> sink.accept(at, b, off, len));
                } else {
                    n = in.read(buf, 0, Math.min(buf.length, want));
                    if (n > 0) {
                        sink.accept(at, buf, 0, n);
                    }
                }
                if (n < 0) {
                    break;
                }
                done += n;
                bufStart += n;
            }
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "reading the image stream failed at byte "
                    + bufStart + ": " + e, e);
        }
        return done;
    }

    /** Reads the rest of the stream, so every byte of the file passes the checksum. */
    long drain() {
        long end = bufStart + fill;
        long n = discard(Long.MAX_VALUE);
        bufStart = end + n;
        fill = 0;
        return bufStart;
    }

    /** Reads and drops up to {@code count} bytes through the buffer; returns how many there were. */
    private long discard(long count) {
        long done = 0;
        try {
            while (done < count) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, count - done));
                if (n < 0) {
                    break;
                }
                done += n;
            }
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "reading the image stream failed at byte "
                    + (bufStart + fill + done) + ": " + e, e);
        }
        return done;
    }
}
