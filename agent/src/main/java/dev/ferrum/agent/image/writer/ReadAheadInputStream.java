package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads its source on a thread of its own into a fixed set of reusable buffers, so that the work
 * done while reading (network, resumes, the digest in a {@link HashingInputStream} below this)
 * overlaps the caller's decoding and disk writes. Bytes come out in order, each exactly once.
 *
 * <p>Memory: {@code buffers × bufferSize}, allocated up front; nothing is allocated per read.
 *
 * <p>A failure of the source (an {@link IOException} or an {@link ImageWriteException}, e.g. a
 * download that did not resume, or a cancelled retry) is rethrown to the caller as the same object
 * when it reaches that point of the stream. Interrupting the caller while it waits cancels the
 * write. End of stream is reported only after the reader thread has read (and so hashed)
 * everything, and the hand-over through the queue makes the digest safe to read on the caller's thread.
 * {@link #close} stops the reader thread and waits for it, so nothing touches the source afterwards.
 */
final class ReadAheadInputStream extends InputStream {
    /** A filled buffer, the end of the stream ({@code length < 0}), or the reader's failure. */
    private record Chunk(byte[] buffer, int length, Throwable failure) {
    }

    private static final Chunk END = new Chunk(null, -1, null);

    private final InputStream source;
    private final BlockingQueue<byte[]> free;
    // Room for every buffer plus the final END or failure, so the reader never blocks on put.
    private final BlockingQueue<Chunk> filled;
    private final Thread reader;
    private Chunk current;
    private int position;
    private boolean closed;

    ReadAheadInputStream(InputStream source, int buffers, int bufferSize, BufferMeter meter) {
        this.source = source;
        this.free = new ArrayBlockingQueue<>(buffers);
        this.filled = new ArrayBlockingQueue<>(buffers + 1);
        for (int i = 0; i < buffers; i++) {
            free.add(meter.allocate(bufferSize));
        }
        this.reader = Thread.ofVirtual().name("image-read-ahead").start(this::fill);
    }

    private void fill() {
        try {
            while (true) {
                byte[] buffer = free.take();
                int n = 0;
                int r = 0;
                try {
                    while (n < buffer.length && (r = source.read(buffer, n, buffer.length - n)) >= 0) {
                        n += r;
                    }
                } finally {
                    // Bytes read before a failure are still delivered, so it surfaces where it happened.
                    if (n > 0) {
                        filled.add(new Chunk(buffer, n, null));
                    }
                }
                if (r < 0) {
                    filled.add(END);
                    return;
                }
            }
        } catch (InterruptedException e) {
            // Closed by the caller: nobody is waiting for more.
        } catch (Throwable e) {
            filled.add(new Chunk(null, 0, e));
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (current == null || position == current.length()) {
            if (!next()) {
                return -1;
            }
        }
        if (current == END) {
            return -1;
        }
        int n = Math.min(len, current.length() - position);
        System.arraycopy(current.buffer(), position, b, off, n);
        position += n;
        return n;
    }

    /** Moves to the next filled buffer, returning the used one to the reader; false at the end. */
    private boolean next() throws IOException {
        if (current == END) {
            return false;
        }
        if (current != null) {
            free.add(current.buffer());
            current = null;
        }
        Chunk next;
        try {
            next = filled.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageWriteException(Reason.CANCELLED, "image write cancelled (thread interrupted)");
        }
        if (next.failure() != null) {
            // Seen again on a later read too: the stream stays failed.
            filled.add(next);
            switch (next.failure()) {
                case IOException e -> throw e;
                case RuntimeException e -> throw e;
                case Error e -> throw e;
                default -> throw new IOException(next.failure());
            }
        }
        current = next;
        position = 0;
        return next != END;
    }

    /** Stops the reader (interrupting a blocked read, which cancels rather than retries) and waits for it. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        reader.interrupt();
        boolean interrupted = Thread.interrupted();
        try {
            if (!joined(1000)) {
                // A read the interrupt does not reach: closing the source under it ends it.
                source.close();
                joined(0);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        source.close();
    }

    /** Waits up to {@code millis} (0: for ever) for the reader, with the caller's interrupt parked by {@link #close}. */
    private boolean joined(long millis) {
        while (true) {
            try {
                return millis == 0 ? joinForever() : reader.join(java.time.Duration.ofMillis(millis));
            } catch (InterruptedException e) {
                // close() must not return while the reader still uses the source; keep waiting.
            }
        }
    }

    private boolean joinForever() throws InterruptedException {
        reader.join();
        return true;
    }
}
