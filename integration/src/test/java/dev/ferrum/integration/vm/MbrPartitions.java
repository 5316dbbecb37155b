package dev.ferrum.integration.vm;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads back what a deploy wrote to a VM's raw disk file: its MBR, the primary partitions, their first bytes. */
final class MbrPartitions {
    private static final int SECTOR = 512;

    private MbrPartitions() {
    }

    /**
     * One primary MBR partition.
     *
     * @param number 1-4, as Linux numbers them
     * @param type the MBR type byte (0x83 Linux, 0x82 swap, …)
     */
    record Entry(int number, int type, long firstSector, long sectors) {
    }

    static byte[] bootSector(Path disk) throws IOException {
        return read(disk, 0, SECTOR);
    }

    /** The used primary entries, in table order. */
    static List<Entry> entries(Path disk) throws IOException {
        ByteBuffer mbr = ByteBuffer.wrap(bootSector(disk)).order(ByteOrder.LITTLE_ENDIAN);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int at = 446 + 16 * i;
            int type = mbr.get(at + 4) & 0xff;
            if (type != 0) {
                entries.add(new Entry(i + 1, type, Integer.toUnsignedLong(mbr.getInt(at + 8)),
                        Integer.toUnsignedLong(mbr.getInt(at + 12))));
            }
        }
        return entries;
    }

    /** The first {@code length} bytes of {@code entry} (at most its size). */
    static byte[] head(Path disk, Entry entry, int length) throws IOException {
        return read(disk, entry.firstSector() * SECTOR, (int) Math.min(length, entry.sectors() * SECTOR));
    }

    private static byte[] read(Path disk, long offset, int length) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "r")) {
            byte[] bytes = new byte[length];
            file.seek(offset);
            file.readFully(bytes);
            return bytes;
        }
    }
}
