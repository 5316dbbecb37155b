package dev.ferrum.agent.partition;

import static dev.ferrum.agent.partition.DiskImages.MIB;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MbrTableTest {

    @TempDir
    Path dir;

    @Test
    void readsPrimaryPartitionsAndTheDiskSignature() throws IOException {
        Path file = DiskImages.blank(dir, "mbr.img", 64 * MIB);
        List<MbrPartition> primaries = List.of(
                new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, 8192, true),
                new MbrPartition(2, MbrPartition.TYPE_LINUX_SWAP, 10240, 4096, false));
        write(file, 0x1a2b3c4dL, primaries);

        MbrPartitionTable mbr = (MbrPartitionTable) read(file);

        assertThat(mbr.diskSignature()).isEqualTo(0x1a2b3c4dL);
        assertThat(mbr.partitions()).isEqualTo(primaries);
        assertThat(mbr.partUuid(1)).isEqualTo("1a2b3c4d-01");
        assertThat(mbr.partUuid(12)).isEqualTo("1a2b3c4d-0c");
    }

    @Test
    void followsTheExtendedPartitionChainAndNumbersLogicalPartitionsFromFive() throws IOException {
        Path file = DiskImages.blank(dir, "logical.img", 64 * MIB);
        write(file, 0xdeadbeefL, List.of(
                new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, 2048, false),
                new MbrPartition(2, MbrPartition.TYPE_EXTENDED_LBA, 8192, 40960, false)));
        // EBR 1 at 8192: logical at +2048 for 4096 sectors, next EBR at extended+16384.
        writeEbr(file, 8192, 2048, 4096, MbrPartition.TYPE_LINUX, 16384, 8192);
        // EBR 2 at 24576: logical at +2048 for 2048 sectors, end of chain.
        writeEbr(file, 24576, 2048, 2048, MbrPartition.TYPE_LINUX_SWAP, 0, 0);

        MbrPartitionTable mbr = (MbrPartitionTable) read(file);

        assertThat(mbr.partitions()).extracting(MbrPartition::number).containsExactly(1, 2, 5, 6);
        assertThat(mbr.partition(5).orElseThrow()).isEqualTo(new MbrPartition(5, MbrPartition.TYPE_LINUX, 10240, 4096, false));
        assertThat(mbr.partition(6).orElseThrow().firstLba()).isEqualTo(26624);
        assertThat(mbr.partition(2).orElseThrow().isExtended()).isTrue();
    }

    @Test
    void zeroedFirstSectorIsNoPartitionTable() throws IOException {
        Path file = DiskImages.blank(dir, "ext4.img", 8 * MIB);

        assertThat(read(file)).isInstanceOfSatisfying(NoPartitionTable.class,
                none -> assertThat(none.reason()).contains("no 0x55AA boot signature"));
    }

    @Test
    void fatBootSectorIsNotMistakenForAPartitionTable() throws IOException {
        Path file = DiskImages.blank(dir, "vfat.img", 8 * MIB);
        byte[] bootSector = new byte[512];
        bootSector[0] = (byte) 0xEB; // jmp short, as mkfs.vfat writes
        bootSector[1] = 0x3C;
        bootSector[2] = (byte) 0x90;
        for (int i = 446; i < 510; i++) {
            bootSector[i] = (byte) (0x20 + i % 50); // boot code/message bytes where entries would be
        }
        bootSector[510] = 0x55;
        bootSector[511] = (byte) 0xAA;
        DiskImages.writeBytes(file, 0, bootSector);

        assertThat(read(file)).isInstanceOfSatisfying(NoPartitionTable.class,
                none -> assertThat(none.reason()).contains("filesystem boot sector"));
    }

    private static void write(Path file, long signature, List<MbrPartition> primaries) throws IOException {
        try (FileChannel ch = DiskImages.open(file)) {
            MbrTableWriter.write(ch, DiskImages.geometry(file, SectorSize.BYTES_512), signature, primaries);
        }
    }

    private static void writeEbr(Path file, long lba, long relStart, long size, int type, long nextRel, long nextSize) {
        ByteBuffer b = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN);
        b.put(446 + 4, (byte) type).putInt(446 + 8, (int) relStart).putInt(446 + 12, (int) size);
        if (nextSize > 0) {
            b.put(462 + 4, (byte) MbrPartition.TYPE_EXTENDED_CHS).putInt(462 + 8, (int) nextRel).putInt(462 + 12, (int) nextSize);
        }
        b.put(510, (byte) 0x55).put(511, (byte) 0xAA);
        DiskImages.writeBytes(file, lba * 512, b.array());
    }

    private static PartitionTable read(Path file) throws IOException {
        try (FileChannel ch = DiskImages.open(file)) {
            return PartitionTableReader.read(ch, DiskImages.geometry(file, SectorSize.BYTES_512));
        }
    }
}
