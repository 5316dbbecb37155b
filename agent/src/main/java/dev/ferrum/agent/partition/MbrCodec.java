package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The 512-byte MBR (and extended boot record) layout: four 16-byte entries at byte 446 and the
 * 0x55AA signature at byte 510, whatever the sector size. Pure: no I/O.
 */
final class MbrCodec {

    static final int DISK_SIGNATURE_OFFSET = 440;
    static final int ENTRIES_OFFSET = 446;
    static final int SIGNATURE_OFFSET = 510;
    static final int SLOTS = 4;
    /** MBR fields are 32-bit sector numbers; nothing can start or end past this many sectors. */
    static final long MAX_SECTORS = 1L << 32;

    /** One 16-byte entry as stored; {@code slot} counts from 1. Start is relative in an EBR. */
    record RawEntry(int slot, int bootIndicator, int type, long firstLba, long sectorCount) {

        boolean isEmpty() {
            return type == 0 || sectorCount == 0;
        }
    }

    private MbrCodec() {
    }

    static boolean hasBootSignature(ByteBuffer sector) {
        return (sector.get(SIGNATURE_OFFSET) & 0xFF) == 0x55 && (sector.get(SIGNATURE_OFFSET + 1) & 0xFF) == 0xAA;
    }

    /**
     * Why sector 0 is not a DOS partition table, or empty when it is one. Like Linux, a boot
     * indicator other than 0x00 or 0x80 means the sector is something else (a FAT boot sector).
     */
    static Optional<String> whyNotPartitionTable(ByteBuffer sector) {
        if (!hasBootSignature(sector)) {
            return Optional.of("sector 0 has no 0x55AA boot signature");
        }
        for (RawEntry e : entries(sector)) {
            if (e.bootIndicator() != 0 && e.bootIndicator() != 0x80) {
                return Optional.of("sector 0 has a boot signature but entry " + e.slot()
                        + " has boot indicator 0x" + Integer.toHexString(e.bootIndicator())
                        + ", so it is a filesystem boot sector, not a partition table");
            }
        }
        return Optional.empty();
    }

    static long diskSignature(ByteBuffer sector) {
        return sector.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(DISK_SIGNATURE_OFFSET) & 0xFFFF_FFFFL;
    }

    static List<RawEntry> entries(ByteBuffer sector) {
        ByteBuffer b = sector.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        List<RawEntry> entries = new ArrayList<>(SLOTS);
        for (int slot = 1; slot <= SLOTS; slot++) {
            int at = ENTRIES_OFFSET + (slot - 1) * 16;
            entries.add(new RawEntry(slot, b.get(at) & 0xFF, b.get(at + 4) & 0xFF,
                    b.getInt(at + 8) & 0xFFFF_FFFFL, b.getInt(at + 12) & 0xFFFF_FFFFL));
        }
        return entries;
    }

    /** True when any entry is 0xEE: a protective or hybrid MBR in front of a GPT, as Linux decides. */
    static boolean guardsGpt(ByteBuffer sector) {
        return entries(sector).stream().anyMatch(e -> e.type() == MbrPartition.TYPE_GPT_PROTECTIVE);
    }

    /** True when the only used entry is the 0xEE one, so it can be resized without losing anything. */
    static boolean isPurelyProtective(ByteBuffer sector) {
        List<RawEntry> used = entries(sector).stream().filter(e -> e.type() != 0).toList();
        return used.size() == 1 && used.getFirst().type() == MbrPartition.TYPE_GPT_PROTECTIVE;
    }

    /** Writes {@code entry} into its slot, with CHS fields computed the way fdisk and parted do. */
    static void putEntry(ByteBuffer sector, RawEntry entry) {
        if (entry.firstLba() >= MAX_SECTORS || entry.sectorCount() >= MAX_SECTORS) {
            throw new PartitionTableException("MBR entries address at most 2^32 sectors; got start "
                    + entry.firstLba() + ", length " + entry.sectorCount() + ".");
        }
        ByteBuffer b = sector.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int at = ENTRIES_OFFSET + (entry.slot() - 1) * 16;
        b.put(at, (byte) entry.bootIndicator());
        putChs(b, at + 1, entry.firstLba());
        b.put(at + 4, (byte) entry.type());
        putChs(b, at + 5, entry.sectorCount() == 0 ? 0 : entry.firstLba() + entry.sectorCount() - 1);
        b.putInt(at + 8, (int) entry.firstLba());
        b.putInt(at + 12, (int) entry.sectorCount());
    }

    /** Sets the signature bytes; the boot code and disk signature before the entries are left alone. */
    static void putBootSignature(ByteBuffer sector) {
        sector.put(SIGNATURE_OFFSET, (byte) 0x55);
        sector.put(SIGNATURE_OFFSET + 1, (byte) 0xAA);
    }

    // Cylinder/head/sector for the 255-head, 63-sector geometry every current tool assumes;
    // sectors past cylinder 1023 get the conventional "use LBA" marker 1023/254/63.
    private static void putChs(ByteBuffer b, int at, long lba) {
        long cylinder = lba / (255 * 63);
        int head = (int) ((lba / 63) % 255);
        int sector = (int) (lba % 63) + 1;
        if (cylinder > 1023) {
            cylinder = 1023;
            head = 254;
            sector = 63;
        }
        b.put(at, (byte) head);
        b.put(at + 1, (byte) (((cylinder >> 2) & 0xC0) | sector));
        b.put(at + 2, (byte) cylinder);
    }
}
