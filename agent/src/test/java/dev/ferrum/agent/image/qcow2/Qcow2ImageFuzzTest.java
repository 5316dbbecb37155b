package dev.ferrum.agent.image.qcow2;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ferrum.testing.FuzzMode;
import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.io.ByteArrayInputStream;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeAll;

/**
 * A qcow2 file comes from an image server the agent does not control. Whatever its bytes, streaming
 * it either writes guest data inside the virtual disk or fails with an {@link ImageWriteException};
 * nothing else escapes, and memory stays bounded by the file, not by what its header claims.
 */
class Qcow2ImageFuzzTest {
    /** The smallest chunk the writer allows: keeps executions fast and the bound tight. */
    private static final int CHUNK = 64 << 10;
    /** Header, window (2 clusters of at most 2 MiB, + 1 KiB), inflate cluster, L1 and L2 span buffers: under 9 MiB. */
    private static final long MAX_BUFFER_BYTES = 9L << 20;

    @BeforeAll
    static void mode() {
        FuzzMode.announce(Qcow2ImageFuzzTest.class);
    }

    @FuzzTest(maxDuration = "30s")
    void streamsAnyFile(byte[] file) {
        BufferMeter meter = new BufferMeter();
        // Odd lengths play a server that sends no Content-Length, so offsets are not bounded up front.
        OptionalLong size = file.length % 2 == 0 ? OptionalLong.of(file.length) : OptionalLong.empty();
        RangeReader ranges = (offset, dst, length) -> {
            if (offset < 0 || offset > file.length || length > file.length - offset) {
                // What SourceRangeReader reports when the server answers 416 or a short range.
                throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "range " + offset + "+" + length + " beyond the file");
            }
            System.arraycopy(file, (int) offset, dst, 0, length);
        };
        try (Qcow2Image image = Qcow2Image.prepare(new ByteArrayInputStream(file), size, ranges, meter, CHUNK)) {
            BoundedGuest guest = new BoundedGuest(image.header().virtualSize());
            image.streamData(guest);
            image.fillZeros(guest);
        } catch (ImageWriteException refused) {
            // The documented answer to a file that is not a qcow2 image this agent writes.
        }
        BufferMeter.MemoryUse use = meter.use();
        assertThat(use.bufferBytes()).as("I/O buffers").isLessThanOrEqualTo(MAX_BUFFER_BYTES);
        // The map may grow with the file's metadata, never with what the header claims.
        assertThat(use.mapBytes()).as("cluster map bytes for a %d-byte file", file.length)
                .isLessThanOrEqualTo(64L * 1024 + 32L * file.length);
    }

    /** A guest disk that checks every write lands inside the virtual size. */
    private record BoundedGuest(long virtualSize) implements GuestWriter {
        @Override
        public void write(long offset, byte[] src, int off, int len) {
            check(offset, len);
            assertThat(off).isNotNegative();
            assertThat((long) off + len).isLessThanOrEqualTo(src.length);
        }

        @Override
        public void zeros(long offset, long len) {
            check(offset, len);
        }

        private void check(long offset, long len) {
            assertThat(offset).isNotNegative();
            assertThat(len).isNotNegative();
            assertThat(offset + len).as("guest write end").isLessThanOrEqualTo(virtualSize);
        }
    }
}
