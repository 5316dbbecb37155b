package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a GPT onto a disk as {@code sgdisk} saves one: the backup entry array and header on the
 * device's last sectors, the primary at LBA 1, both with fresh CRCs, and the protective MBR
 * resized to the disk. Writing a layout read from a smaller image is therefore {@code sgdisk -e}.
 * Refuses layouts whose partitions overlap or do not fit the disk.
 */
public final class GptTableWriter {

    private GptTableWriter() {
    }

    /** Writes both copies of {@code layout} for a disk of {@code geometry}, flushes, and returns the new primary header. */
    public static GptHeader write(FileChannel disk, DiskGeometry geometry, GptLayout layout) {
        SectorSize sectorSize = geometry.sectorSize();
        long arraySectors = layout.entryArraySectors(sectorSize);
        long backupHeaderLba = geometry.lastLba();
        long backupEntriesLba = backupHeaderLba - arraySectors;
        long lastUsable = backupEntriesLba - 1;
        checkFits(layout, arraySectors, lastUsable, geometry);

        GptHeader primary = new GptHeader(GptHeader.REVISION_1_0, GptHeader.HEADER_SIZE, 1, backupHeaderLba,
                layout.firstUsableLba(), lastUsable, layout.diskGuid(), layout.primaryEntriesLba(),
                layout.entryCount(), layout.entrySize());
        GptHeader backup = new GptHeader(GptHeader.REVISION_1_0, GptHeader.HEADER_SIZE, backupHeaderLba, 1,
                layout.firstUsableLba(), lastUsable, layout.diskGuid(), backupEntriesLba,
                layout.entryCount(), layout.entrySize());
        ByteBuffer entries = GptCodec.encodeEntries(layout, sectorSize);
        int entriesCrc = GptCodec.entriesCrc(entries, (long) layout.entryCount() * layout.entrySize());

        // Backup first: if we stop half-way, the old primary still describes the old, valid layout.
        int bytes = geometry.sectorBytes();
        BlockIo.write(disk, backupEntriesLba * bytes, entries);
        BlockIo.write(disk, backupHeaderLba * bytes, GptCodec.encodeHeader(backup, entriesCrc, sectorSize));
        BlockIo.write(disk, layout.primaryEntriesLba() * bytes, entries);
        BlockIo.write(disk, bytes, GptCodec.encodeHeader(primary, entriesCrc, sectorSize));
        writeProtectiveMbr(disk, geometry);
        BlockIo.force(disk);
        return primary;
    }

    private static void checkFits(GptLayout layout, long arraySectors, long lastUsable, DiskGeometry geometry) {
        if (layout.primaryEntriesLba() < 2 || layout.primaryEntriesLba() + arraySectors > layout.firstUsableLba()) {
            throw new PartitionTableException("GPT layout puts the primary entry array (LBA " + layout.primaryEntriesLba()
                    + ", " + arraySectors + " sectors) over the first usable LBA " + layout.firstUsableLba() + ".");
        }
        if (lastUsable < layout.firstUsableLba()) {
            throw new PartitionTableException("The disk (" + geometry.sectorCount() + " sectors) is too small for this GPT.");
        }
        List<GptPartition> byStart = layout.partitions().stream()
                .sorted(Comparator.comparingLong(GptPartition::firstLba)).toList();
        for (int i = 0; i < byStart.size(); i++) {
            GptPartition p = byStart.get(i);
            if (p.firstLba() < layout.firstUsableLba() || p.lastLba() > lastUsable) {
                throw new PartitionTableException("GPT partition " + p.number() + " (LBA " + p.firstLba() + "–"
                        + p.lastLba() + ") lies outside the usable area LBA " + layout.firstUsableLba() + "–"
                        + lastUsable + " of this disk; the image is larger than the disk or uses another sector size.");
            }
            if (i > 0 && byStart.get(i - 1).lastLba() >= p.firstLba()) {
                throw new PartitionTableException("GPT partitions " + byStart.get(i - 1).number() + " and "
                        + p.number() + " overlap; refusing to write a broken partition table.");
            }
        }
    }

    // The boot code before the partition entries (GRUB's boot.img on BIOS/GPT machines) and the
    // disk signature stay as they are. A hybrid MBR is left alone: its other entries mean something.
    private static void writeProtectiveMbr(FileChannel disk, DiskGeometry geometry) {
        ByteBuffer sector0 = BlockIo.read(disk, 0, geometry.sectorBytes());
        boolean fresh = !MbrCodec.hasBootSignature(sector0);
        if (!fresh && !MbrCodec.isPurelyProtective(sector0)) {
            return;
        }
        if (fresh) {
            sector0 = ByteBuffer.allocate(geometry.sectorBytes());
        }
        long size = Math.min(geometry.sectorCount() - 1, MbrCodec.MAX_SECTORS - 1);
        int slot = fresh ? 1 : MbrCodec.entries(sector0).stream()
                .filter(e -> e.type() == MbrPartition.TYPE_GPT_PROTECTIVE).findFirst().orElseThrow().slot();
        MbrCodec.putEntry(sector0, new MbrCodec.RawEntry(slot, 0, MbrPartition.TYPE_GPT_PROTECTIVE, 1, size));
        MbrCodec.putBootSignature(sector0);
        BlockIo.write(disk, 0, sector0);
    }
}
