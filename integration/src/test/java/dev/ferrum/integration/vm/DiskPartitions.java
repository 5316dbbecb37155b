package dev.ferrum.integration.vm;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads back what a deploy wrote to a VM's raw disk file: its boot sector, the partitions of its
 * MBR or (behind a protective MBR) its GPT, their first bytes.
 */
final class DiskPartitions {
    private static final int SECTOR = 512;
    private static final int PROTECTIVE_MBR = 0xEE;
    static final String MBR_SWAP = "mbr:82";
    static final String GPT_SWAP = "0657fd6d-a4ab-43c4-84e5-0933c84b4f4f";
    static final String GPT_EFI_SYSTEM = "c12a7328-f81f-11d2-ba4b-00a0c93ec93b";

    private DiskPartitions() {
    }

    /**
     * One partition.
     *
     * @param number as Linux numbers it (1-4 for primary MBR partitions, the entry's index + 1 in a GPT)
     * @param type {@code mbr:XX} with the MBR type byte in hex (82 swap, 83 Linux, …), or the GPT type GUID
     * @param partUuid the GPT's unique partition GUID; empty on an MBR disk
     */
    record Entry(int number, String type, long firstSector, long sectors, Optional<UUID> partUuid) {
        boolean isSwap() {
            return type.equals(MBR_SWAP) || type.equals(GPT_SWAP);
        }
    }

    static byte[] bootSector(Path disk) throws IOException {
        return read(disk, 0, SECTOR);
    }

    /** Whether the disk carries a GPT: its MBR is the protective one and LBA 1 the GPT header. */
    static boolean isGpt(Path disk) throws IOException {
        List<Entry> mbr = mbrEntries(disk);
        return mbr.size() == 1 && mbr.getFirst().type().equals("mbr:%02x".formatted(PROTECTIVE_MBR))
                && new String(read(disk, SECTOR, 8), java.nio.charset.StandardCharsets.US_ASCII).equals("EFI PART");
    }

    /** The used entries, in table order: the GPT's where there is one, else the MBR's primary ones. */
    static List<Entry> entries(Path disk) throws IOException {
        return isGpt(disk) ? gptEntries(disk) : mbrEntries(disk);
    }

    private static List<Entry> mbrEntries(Path disk) throws IOException {
        ByteBuffer mbr = ByteBuffer.wrap(bootSector(disk)).order(ByteOrder.LITTLE_ENDIAN);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int at = 446 + 16 * i;
            int type = mbr.get(at + 4) & 0xff;
            if (type != 0) {
                entries.add(new Entry(i + 1, "mbr:%02x".formatted(type), Integer.toUnsignedLong(mbr.getInt(at + 8)),
                        Integer.toUnsignedLong(mbr.getInt(at + 12)), Optional.empty()));
            }
        }
        return entries;
    }

    private static List<Entry> gptEntries(Path disk) throws IOException {
        ByteBuffer header = ByteBuffer.wrap(read(disk, SECTOR, 92)).order(ByteOrder.LITTLE_ENDIAN);
        long entriesLba = header.getLong(72);
        int count = header.getInt(80);
        int size = header.getInt(84);
        ByteBuffer table = ByteBuffer.wrap(read(disk, entriesLba * SECTOR, count * size)).order(ByteOrder.LITTLE_ENDIAN);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            UUID type = guid(table, i * size);
            if (type.getMostSignificantBits() == 0 && type.getLeastSignificantBits() == 0) {
                continue;
            }
            long first = table.getLong(i * size + 32);
            long last = table.getLong(i * size + 40);
            entries.add(new Entry(i + 1, type.toString(), first, last - first + 1, Optional.of(guid(table, i * size + 16))));
        }
        return entries;
    }

    /** A GUID as GPTs and UEFI device paths store it: the first three fields little-endian, the rest as bytes. */
    static byte[] guidBytes(UUID guid) {
        ByteBuffer big = ByteBuffer.allocate(16).putLong(guid.getMostSignificantBits()).putLong(guid.getLeastSignificantBits());
        byte[] b = big.array();
        return new byte[] {b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]};
    }

    private static UUID guid(ByteBuffer table, int at) {
        byte[] stored = new byte[16];
        table.get(at, stored);
        // The mixed-endian swap is its own inverse.
        byte[] b = guidBytes(new UUID(ByteBuffer.wrap(stored, 0, 8).getLong(), ByteBuffer.wrap(stored, 8, 8).getLong()));
        ByteBuffer plain = ByteBuffer.wrap(b);
        return new UUID(plain.getLong(), plain.getLong());
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
