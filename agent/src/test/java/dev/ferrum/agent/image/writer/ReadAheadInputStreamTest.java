package dev.ferrum.agent.image.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.ImageWriteException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ReadAheadInputStreamTest {
    @Test
    void deliversEveryByteOnceInOrderAndHashedWithinItsBuffers() throws IOException {
        byte[] data = new byte[(1 << 20) + 12345];
        new Random(7).nextBytes(data);
        BufferMeter meter = new BufferMeter();
        MessageDigest digest = sha256();
        var out = new ByteArrayOutputStream();
        try (var in = new ReadAheadInputStream(new ByteArrayInputStream(data), digest, 4, 64 << 10, meter)) {
            byte[] b = new byte[7777];
            int n;
            while ((n = in.read(b, 0, b.length)) >= 0) {
                out.write(b, 0, n);
            }
            assertThat(in.read()).isEqualTo(-1);
            assertThat(in.digested()).isEqualTo(data.length);
        }
        assertThat(out.toByteArray()).isEqualTo(data);
        assertThat(digest.digest()).isEqualTo(sha256().digest(data));
        assertThat(meter.use().bufferBytes()).isEqualTo(4 * (64 << 10));
    }

    @Test
    void peekLeavesTheHeadAndTransferHandsOverWholeBuffersInPlace() throws IOException {
        byte[] data = new byte[5 * (64 << 10) + 100];
        new Random(11).nextBytes(data);
        var out = new ByteArrayOutputStream();
        java.util.List<Integer> lengths = new java.util.ArrayList<>();
        MessageDigest digest = sha256();
        try (var in = new ReadAheadInputStream(new ByteArrayInputStream(data), digest, 3, 64 << 10, new BufferMeter())) {
            byte[] head = new byte[8];
            assertThat(in.peek(head)).isEqualTo(8);
            assertThat(head).isEqualTo(java.util.Arrays.copyOf(data, 8));
            long n = in.transferBuffersTo((buffer, off, len) -> {
                assertThat(buffer).hasSize(64 << 10);
                lengths.add(len);
                out.write(buffer, off, len);
            });
            assertThat(n).isEqualTo(data.length);
            assertThat(in.read()).isEqualTo(-1);
        }
        assertThat(out.toByteArray()).isEqualTo(data);
        assertThat(digest.digest()).isEqualTo(sha256().digest(data));
        assertThat(lengths).containsExactly(64 << 10, 64 << 10, 64 << 10, 64 << 10, 64 << 10, 100);
    }

    @Test
    void aSourceFailureReachesTheCallerAfterTheBytesBeforeIt() throws IOException {
        IOException boom = new IOException("boom");
        InputStream failing = new InputStream() {
            private int left = 100_000;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left == 0) {
                    throw boom;
                }
                int n = Math.min(len, left);
                left -= n;
                return n;
            }
        };
        try (var in = new ReadAheadInputStream(failing, sha256(), 2, 64 << 10, new BufferMeter())) {
            assertThat(in.readNBytes(100_000)).hasSize(100_000);
            assertThatThrownBy(in::read).isSameAs(boom);
        }
    }

    @Test
    void interruptingTheCallerCancelsAndCloseStopsTheReader() throws Exception {
        CountDownLatch readerStopped = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(1);
        InputStream stalled = new InputStream() {
            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                blocked.countDown();
                try {
                    new CountDownLatch(1).await();
                    return -1;
                } catch (InterruptedException e) {
                    readerStopped.countDown();
                    throw new InterruptedIOException();
                }
            }
        };
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try (var in = new ReadAheadInputStream(stalled, sha256(), 2, 64 << 10, new BufferMeter())) {
                in.read();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        caller.start();
        blocked.await();
        caller.interrupt();
        caller.join();
        assertThat(failure.get()).isInstanceOf(ImageWriteException.class);
        assertThat(((ImageWriteException) failure.get()).reason()).isEqualTo(ImageWriteException.Reason.CANCELLED);
        // close() returned only after the reader left the source.
        assertThat(readerStopped.getCount()).isZero();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
