package dev.ferrum.agent.image.qcow2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.testing.Qcow2Fixture;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Header parsing on hand-made headers, and every feature this writer refuses, with its hint. */
class Qcow2HeaderTest {
    private static byte[] header(int version, Consumer<ByteBuffer> edit) {
        byte[] file = Qcow2Fixture.of(10L << 20).version(version).data(0, new byte[] {1}).build();
        byte[] head = java.util.Arrays.copyOf(file, Qcow2Header.MIN_BYTES);
        edit.accept(ByteBuffer.wrap(head));
        return head;
    }

    private static Qcow2Header parse(byte[] head) {
        return Qcow2Header.parse(head, head.length);
    }

    @Test
    void readsVersion2And3() {
        Qcow2Header v2 = parse(header(2, b -> { }));
        Qcow2Header v3 = parse(header(3, b -> { }));
        assertThat(v2.version()).isEqualTo(2);
        assertThat(v3.version()).isEqualTo(3);
        assertThat(v3.clusterSize()).isEqualTo(65536);
        assertThat(v3.virtualSize()).isEqualTo(10L << 20);
        assertThat(v3.l1EntriesNeeded()).isEqualTo(1);
        assertThat(v3.compressionType()).isEqualTo(Qcow2Header.COMPRESSION_DEFLATE);
    }

    @Test
    void aDirtyImageIsAccepted() {
        assertThat(parse(header(3, b -> b.putLong(72, 1))).incompatibleFeatures()).isEqualTo(1);
    }

    @Test
    void zstdCompressionTypeIsRead() {
        assertThat(parse(header(3, b -> b.putLong(72, 1 << 3).putInt(100, 112).put(104, (byte) 1))).compressionType())
                .isEqualTo(Qcow2Header.COMPRESSION_ZSTD);
    }

    @Test
    void refusalsSayWhatToDo() {
        record Case(Consumer<ByteBuffer> edit, String message) {
        }
        for (Case c : new Case[] {
            new Case(b -> b.putInt(0, 0x12345678), "not a qcow2 image"),
            new Case(b -> b.putInt(4, 4), "qcow2 version 4 is not supported"),
            new Case(b -> b.putLong(8, 512).putInt(16, 8), "has a backing file; publish a standalone image"),
            new Case(b -> b.putInt(32, 1), "encrypted (AES)"),
            new Case(b -> b.putInt(20, 22), "cluster_bits 22 is outside 9..21"),
            new Case(b -> b.putLong(72, 1 << 1), "marked corrupt (repair it with qemu-img check -r all)"),
            new Case(b -> b.putLong(72, 1 << 2), "an external data file"),
            new Case(b -> b.putLong(72, 1 << 4), "extended L2 entries"),
            new Case(b -> b.putLong(72, 1 << 9), "unknown incompatible features 0x200"),
            new Case(b -> b.putLong(72, 1 << 3).putInt(100, 112).put(104, (byte) 7), "compression type 7"),
            new Case(b -> b.putInt(36, 0), "L1 table has 0 entries"),
            new Case(b -> b.putLong(40, 1000), "L1 table offset 1000 is not a cluster boundary"),
        }) {
            assertThatThrownBy(() -> parse(header(3, c.edit()))).as(c.message())
                    .isInstanceOf(ImageWriteException.class).hasMessageContaining(c.message())
                    .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(ImageWriteException.Reason.INVALID_IMAGE);
        }
        assertThatThrownBy(() -> Qcow2Header.parse(new byte[112], 40)).hasMessageContaining("too short");
    }
}
