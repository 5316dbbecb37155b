package dev.ferrum.agent.image.qcow2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The cluster map grows with the file's metadata, never with what the metadata claims: L1 entries
 * that all point at one L2 table (no valid image shares L2 tables) would make a 200 KB file map
 * hundreds of millions of clusters.
 */
class Qcow2SharedTablesTest {
    private static final int CLUSTER = 1 << 16;

    /** A v2 image: header, L1 of {@code l1Entries} all naming one L2 table, whose entries all name one data cluster. */
    static byte[] sharedL2(int l1Entries) {
        ByteBuffer file = ByteBuffer.allocate(4 * CLUSTER);
        file.putInt(0, Qcow2Header.MAGIC).putInt(4, 2).putInt(20, 16)
                .putLong(24, (long) l1Entries * CLUSTER * (CLUSTER / 8)) // virtual size: what the L1 maps
                .putInt(36, l1Entries).putLong(40, CLUSTER);
        for (int i = 0; i < l1Entries; i++) {
            file.putLong(CLUSTER + 8 * i, 2L * CLUSTER);
        }
        for (int j = 0; j < CLUSTER / 8; j++) {
            file.putLong(2 * CLUSTER + 8 * j, 3L * CLUSTER);
        }
        return file.array();
    }

    private static Qcow2Image prepare(byte[] file, OptionalLong size, BufferMeter meter) {
        return Qcow2Image.prepare(new ByteArrayInputStream(file), size, (offset, dst, length) ->
                System.arraycopy(file, (int) offset, dst, 0, length), meter, 64 << 10);
    }

    @Test
    void l1EntriesSharingOneL2TableAreRefusedBeforeTheMapGrows() {
        // Found with Qcow2ImageFuzzTest's memory bound: before, this 256 KiB file built a map of
        // 4 million extents (about 200 MB) before streaming began.
        byte[] file = sharedL2(512);
        for (OptionalLong size : new OptionalLong[] {OptionalLong.of(file.length), OptionalLong.empty()}) {
            BufferMeter meter = new BufferMeter();
            assertThatThrownBy(() -> prepare(file, size, meter)).isInstanceOf(ImageWriteException.class)
                    .hasMessageContaining("share")
                    .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.INVALID_IMAGE);
            assertThat(meter.use().mapBytes()).isLessThan(4L * file.length);
        }
    }

    @Test
    void oneL1EntryForItsOwnL2TableStillWorks() {
        byte[] file = sharedL2(1);
        try (Qcow2Image image = prepare(file, OptionalLong.of(file.length), new BufferMeter())) {
            assertThat(image.dataClusters()).isEqualTo(CLUSTER / 8);
        }
    }
}
