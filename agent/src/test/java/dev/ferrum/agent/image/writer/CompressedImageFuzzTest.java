package dev.ferrum.agent.image.writer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ferrum.testing.FuzzMode;
import dev.ferrum.agent.image.ImageWriteException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.BeforeAll;

/**
 * A raw image may be published gzip-, zstd- or xz-compressed, by a server the agent does not
 * control. Whatever the bytes after the magic, decoding either yields data or fails with an
 * {@link ImageWriteException} saying the image is invalid (the bytes here come from memory, so no
 * failure can be a download's); no other exception escapes, and no input hangs the decoder.
 */
class CompressedImageFuzzTest {
    /** Decoded bytes read per input: enough to pass several blocks, few enough to stay fast on a bomb. */
    private static final int MAX_DECODED = 4 << 20;
    /** ImageWriterConfig's default xz memory limit. */
    private static final int XZ_LIMIT_MIB = ImageWriterConfig.defaults().xzMemoryLimitMiB();

    @BeforeAll
    static void mode() {
        FuzzMode.announce(CompressedImageFuzzTest.class);
    }

    @FuzzTest(maxDuration = "30s")
    void decodesAnyCompressedImage(byte[] file) throws IOException {
        ContentFormat format = ContentFormat.detect(file, file.length);
        if (!format.isCompression()) {
            return;
        }
        byte[] buffer = new byte[64 << 10];
        try (InputStream in = ImagePipeline.decoder(format, new ByteArrayInputStream(file), XZ_LIMIT_MIB)) {
            long total = 0;
            int n;
            while (total < MAX_DECODED && (n = in.read(buffer, 0, buffer.length)) >= 0) {
                assertThat(n).isBetween(0, buffer.length);
                total += n;
            }
        } catch (ImageWriteException refused) {
            assertThat(refused.reason()).as("reason for %s data: %s", format, refused.getMessage())
                    .isEqualTo(ImageWriteException.Reason.INVALID_IMAGE);
        }
    }
}
