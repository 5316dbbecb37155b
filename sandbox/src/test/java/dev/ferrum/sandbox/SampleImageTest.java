package dev.ferrum.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SampleImageTest {
    private static final int MIB = 1 << 20;

    @Test
    void aOneMibImageIsRefusedClearlyRatherThanOverrunByItsBanner() {
        // The partition starts at 1 MiB: a 1 MiB image has no room for it (this used to be an arraycopy error).
        assertThatThrownBy(() -> SampleImage.generate(MIB))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 2 MiB");
        assertThatThrownBy(() -> SampleImage.generate(2 * MIB + 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("multiple of 512");
    }

    @Test
    void theSmallestImageHoldsItsPartitionAndBanner() {
        SampleImage image = SampleImage.generate(2 * MIB);

        byte[] bytes = image.bytes();
        assertThat(bytes).hasSize(2 * MIB);
        byte[] banner = "Ferrum sandbox sample image\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(Arrays.copyOfRange(bytes, MIB, MIB + banner.length)).isEqualTo(banner);
        ByteBuffer mbr = ByteBuffer.wrap(bytes, 0, 512).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(mbr.get(446 + 4)).isEqualTo((byte) 0x83);
        assertThat(mbr.getInt(446 + 8)).isEqualTo(MIB / 512);
        assertThat(mbr.getInt(446 + 12)).isEqualTo(MIB / 512);
        assertThat(mbr.getShort(510)).isEqualTo((short) 0xAA55);
        assertThat(image.sha256()).isEqualTo(SampleImage.sha256(bytes)).hasSize(64);
    }
}
