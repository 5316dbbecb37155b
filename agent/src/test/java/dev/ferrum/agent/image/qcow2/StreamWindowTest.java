package dev.ferrum.agent.image.qcow2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Passing ranges through the window: bytes it already holds, then lent or read, in order, past skipped gaps. */
class StreamWindowTest {
    private final byte[] file = new byte[100_000];

    StreamWindowTest() {
        new Random(3).nextBytes(file);
    }

    /** A stream that lends at most {@code piece} bytes at a time from its own array, counting the loans. */
    private static final class Lender extends ByteArrayInputStream implements LendingStream {
        private final int piece;
        int loans;

        Lender(byte[] data, int piece) {
            super(data);
            this.piece = piece;
        }

        @Override
        public int lend(int max, Borrower borrower) {
            if (pos == count) {
                return -1;
            }
            int n = Math.min(Math.min(max, piece), count - pos);
            borrower.accept(buf, pos, n);
            pos += n;
            loans++;
            return n;
        }
    }

    @Test
    void aPassAfterAnEnsureTakesHeldBytesFirstThenLentOnes() {
        Lender in = new Lender(file, 7000);
        StreamWindow window = new StreamWindow(in, new byte[4096], 0);
        assertThat(window.ensure(100, 1000)).isEqualTo(1000);
        var out = new ByteArrayOutputStream();
        long[] expectedPosition = {0};
        long n = window.pass(600, 50_000, (at, b, off, len) -> {
            assertThat(at).isEqualTo(expectedPosition[0]);
            expectedPosition[0] += len;
            out.write(b, off, len);
        });
        assertThat(n).isEqualTo(50_000);
        assertThat(out.toByteArray()).isEqualTo(Arrays.copyOfRange(file, 600, 50_600));
        assertThat(in.loans).isGreaterThan(1);
        // The window continues after the pass, skipping the gap before the next request.
        assertThat(window.ensure(60_000, 100)).isEqualTo(100);
        assertThat(Arrays.copyOfRange(window.buffer(), window.index(60_000), window.index(60_000) + 100))
                .isEqualTo(Arrays.copyOfRange(file, 60_000, 60_100));
        assertThat(window.drain()).isEqualTo(file.length);
    }

    @Test
    void aPlainStreamIsReadThroughTheWindowAndAShortFileEndsThePassEarly() {
        InputStream in = new ByteArrayInputStream(file);
        StreamWindow window = new StreamWindow(in, new byte[4096], 0);
        var out = new ByteArrayOutputStream();
        long n = window.pass(90_000, 20_000, (at, b, off, len) -> out.write(b, off, len));
        assertThat(n).isEqualTo(10_000);
        assertThat(out.toByteArray()).isEqualTo(Arrays.copyOfRange(file, 90_000, 100_000));
    }
}
