package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * Writes primary entries of a DOS partition table in sector 0, keeping the boot code there.
 * Logical partitions are not written: Ferrum only ever adds a primary partition.
 */
public final class MbrTableWriter {

    private MbrTableWriter() {
    }

    /**
     * Replaces sector 0's partition entries with {@code primaries} (numbers 1–4) and sets the disk
     * signature, keeping any boot code. Refuses partitions past the disk or past MBR's 2^32 sectors.
     */
    public static void write(FileChannel disk, DiskGeometry geometry, long diskSignature, List<MbrPartition> primaries) {
        ByteBuffer sector0 = BlockIo.read(disk, 0, geometry.sectorBytes());
        for (int slot = 1; slot <= MbrCodec.SLOTS; slot++) {
            MbrCodec.putEntry(sector0, new MbrCodec.RawEntry(slot, 0, 0, 0, 0));
        }
        sector0.duplicate().order(ByteOrder.LITTLE_ENDIAN).putInt(MbrCodec.DISK_SIGNATURE_OFFSET, (int) diskSignature);
        for (MbrPartition p : primaries) {
            putPrimary(sector0, geometry, p);
        }
        MbrCodec.putBootSignature(sector0);
        BlockIo.write(disk, 0, sector0);
        BlockIo.force(disk);
    }

    /** Fills one free primary slot, leaving the other entries, the boot code and the signature as they are. */
    public static void addPrimary(FileChannel disk, DiskGeometry geometry, MbrPartition partition) {
        ByteBuffer sector0 = BlockIo.read(disk, 0, geometry.sectorBytes());
        MbrCodec.RawEntry current = MbrCodec.entries(sector0).get(partition.number() - 1);
        if (!current.isEmpty()) {
            throw new PartitionTableException("MBR slot " + partition.number() + " is already in use.");
        }
        putPrimary(sector0, geometry, partition);
        BlockIo.write(disk, 0, sector0);
        BlockIo.force(disk);
    }

    private static void putPrimary(ByteBuffer sector0, DiskGeometry geometry, MbrPartition p) {
        if (p.number() < 1 || p.number() > MbrCodec.SLOTS) {
            throw new PartitionTableException("MBR primary partitions are numbered 1–4, got " + p.number() + ".");
        }
        if (p.firstLba() < 1 || p.lastLba() > geometry.lastLba() || p.lastLba() >= MbrCodec.MAX_SECTORS) {
            throw new PartitionTableException("MBR partition " + p.number() + " (LBA " + p.firstLba() + "–" + p.lastLba()
                    + ") does not fit this disk of " + geometry.sectorCount() + " sectors or MBR's 2^32-sector limit.");
        }
        MbrCodec.putEntry(sector0, new MbrCodec.RawEntry(p.number(), p.bootable() ? 0x80 : 0, p.type(),
                p.firstLba(), p.sectorCount()));
    }
}
