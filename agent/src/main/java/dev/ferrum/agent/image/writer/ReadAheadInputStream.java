package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.qcow2.LendingStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads its source and feeds a digest on threads of their own, through a fixed set of reusable
 * buffers: one thread reads (network, resumes), one hashes what was read, and the caller decodes and
 * writes what was hashed, so the three overlap. Bytes come out in order, each exactly once, and every
 * byte handed to the caller has passed the digest.
 *
 * <p>Why two threads and not one: on the bench machine the digest alone takes about as long as the
 * download, so hashing on the reading thread halved the download rate (agent/bench/README.md).
 *
 * <p>Memory: {@code buffers × bufferSize}, allocated up front; nothing is allocated per read.
 *
 * <p>A failure of the source (an {@link IOException} or an {@link ImageWriteException}, e.g. a
 * download that did not resume, or a cancelled retry) is rethrown to the caller as the same object
 * when it reaches that point of the stream. Interrupting the caller while it waits cancels the
 * write. End of stream is reported only after everything was read and hashed, and the hand-over
 * through the queues makes {@link #digested()} and the digest safe to read on the caller's thread then.
 * {@link #close} stops both threads and waits for them, so nothing touches the source or the digest
 * afterwards.
 */
final class ReadAheadInputStream extends InputStream implements LendingStream {
    /** A filled buffer, the end of the stream ({@code length < 0}), or the reader's failure. */
    private record Chunk(byte[] buffer, int length, Throwable failure) {
    }

    private static final Chunk END = new Chunk(null, -1, null);

    private final InputStream source;
    private final MessageDigest digest;
    private final BlockingQueue<byte[]> free;
    // Each queue has room for every buffer plus the final END or failure, so no thread blocks on put.
    private final BlockingQueue<Chunk> read;
    private final BlockingQueue<Chunk> hashed;
    private final Thread reader;
    private final Thread hasher;
    private long digested;
    private Chunk current;
    private int position;
    private boolean closed;

    ReadAheadInputStream(InputStream source, MessageDigest digest, int buffers, int bufferSize, BufferMeter meter) {
        this.source = source;
        this.digest = digest;
        this.free = new ArrayBlockingQueue<>(buffers);
        this.read = new ArrayBlockingQueue<>(buffers + 1);
        this.hashed = new ArrayBlockingQueue<>(buffers + 1);
        for (int i = 0; i < buffers; i++) {
            free.add(meter.allocate(bufferSize));
        }
        this.reader = Thread.ofVirtual().name("image-read-ahead").start(this::fill);
        this.hasher = Thread.ofVirtual().name("image-digest").start(this::hash);
    }

    /** Bytes that passed the digest; read it after the end of the stream was reached. */
    long digested() {
        return digested;
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
                        read.add(new Chunk(buffer, n, null));
                    } else {
                        free.add(buffer);
                    }
                }
                if (r < 0) {
                    read.add(END);
                    return;
                }
            }
        } catch (InterruptedException e) {
            // Closed by the caller: nobody is waiting for more.
        } catch (Throwable e) {
            read.add(new Chunk(null, 0, e));
        }
    }

    private void hash() {
        try {
            while (true) {
                Chunk chunk = read.take();
                if (chunk.buffer() != null) {
                    digest.update(chunk.buffer(), 0, chunk.length());
                    digested += chunk.length();
                }
                hashed.add(chunk);
                if (chunk.buffer() == null) {
                    return; // END or a failure: nothing follows
                }
            }
        } catch (InterruptedException e) {
            // Closed by the caller.
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

    /** Receives the stream's bytes a buffer at a time, in place. */
    @FunctionalInterface
    interface BufferSink {
        void accept(byte[] buffer, int offset, int length) throws IOException;
    }

    /**
     * Copies up to {@code head.length} bytes from the start of what is left into {@code head}
     * without consuming them (they are read again afterwards); returns how many there were, fewer
     * only when the stream is that short (or failed that early).
     */
    int peek(byte[] head) throws IOException {
        if ((current == null || position == current.length()) && !next()) {
            return 0;
        }
        int n = Math.min(head.length, current.length() - position);
        System.arraycopy(current.buffer(), position, head, 0, n);
        return n;
    }

    /**
     * Hands the rest of the stream to {@code sink} one hashed buffer at a time, in the read-ahead
     * buffer itself (no copy: for raw images this is the whole write path); returns the byte count.
     * Whole buffers start at multiples of the buffer size, so writes stay aligned.
     */
    long transferBuffersTo(BufferSink sink) throws IOException {
        long total = 0;
        while (true) {
            if ((current == null || position == current.length()) && !next()) {
                return total;
            }
            int n = current.length() - position;
            sink.accept(current.buffer(), position, n);
            position += n;
            total += n;
        }
    }

    @Override
    public int lend(int max, LendingStream.Borrower borrower) throws IOException {
        if (max <= 0) {
            return 0;
        }
        if ((current == null || position == current.length()) && !next()) {
            return -1;
        }
        int n = Math.min(max, current.length() - position);
        borrower.accept(current.buffer(), position, n);
        position += n;
        return n;
    }

    /** Moves to the next hashed buffer, returning the used one to the reader; false at the end. */
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
            next = hashed.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageWriteException(Reason.CANCELLED, "image write cancelled (thread interrupted)");
        }
        if (next.failure() != null) {
            // Seen again on a later read too: the stream stays failed.
            hashed.add(next);
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

    /** Stops both threads (interrupting a blocked read, which cancels rather than retries) and waits for them. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        reader.interrupt();
        hasher.interrupt();
        boolean interrupted = Thread.interrupted();
        try {
            if (!joined(reader, 1000)) {
                // A read the interrupt does not reach: closing the source under it ends it.
                source.close();
                joined(reader, 0);
            }
            joined(hasher, 0);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        source.close();
    }

    /** Waits up to {@code millis} (0: for ever) for {@code thread}, with the caller's interrupt parked by {@link #close}. */
    private static boolean joined(Thread thread, long millis) {
        while (true) {
            try {
                if (millis == 0) {
                    thread.join();
                    return true;
                }
                return thread.join(Duration.ofMillis(millis));
            } catch (InterruptedException e) {
                // close() must not return while the threads still use the source or the digest; keep waiting.
            }
        }
    }
}
