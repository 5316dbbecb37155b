package dev.ferrum.agent.partition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Adds Ironic's config drive as a new partition after a whole-disk image, as IPA's
 * {@code create_config_drive_partition} does, without sgdisk or parted.
 *
 * <p>Placement follows IPA: the partition ends at the end of the usable space, so the image's last
 * partition (usually root) can still be grown into the gap by cloud-init. Unlike IPA, which always
 * reserves 64 MiB, the partition is sized to the drive: the smallest one with a 1 MiB-aligned
 * start that holds it. The drive may be at most 64 MiB (IPA's limit). On GPT the backup table is first moved
 * to the end of the disk ({@code sgdisk -e}); the new entry gets type "Linux filesystem" (sgdisk's
 * default, which IPA uses), a random unique GUID, and the name {@code config-2}. On MBR it takes a
 * free primary slot with type 0x0B (what IPA's {@code parted mkpart primary fat32} records) and,
 * on disks past MBR's 2^32-sector limit, ends just below that limit as IPA's does.
 *
 * <p>The drive is decoded straight onto the disk: into the tail of the free space first, to learn
 * its size, then moved up to its aligned place. Each step leaves a valid partition table behind.
 */
public final class ConfigDriveWriter {

    /** IPA's {@code MAX_CONFIG_DRIVE_SIZE_MB}. */
    public static final long MAX_CONFIG_DRIVE_BYTES = 64L * 1024 * 1024;
    public static final String PARTITION_NAME = "config-2";

    private static final int CHUNK = 1024 * 1024;

    private final Supplier<UUID> guids;

    public ConfigDriveWriter() {
        this(UUID::randomUUID);
    }

    /** @param guids the source of the new partition's unique GUID (fixed in tests) */
    public ConfigDriveWriter(Supplier<UUID> guids) {
        this.guids = guids;
    }

    /** Writes {@code source} as a new partition of the disk behind {@code disk}, flushes, and says where it went. */
    public ConfigDrivePartition write(FileChannel disk, DiskGeometry geometry, ConfigDriveSource source) {
        // A malformed parameter must fail before the partition table is touched.
        ConfigDriveDecoder.validate(source);
        return switch (PartitionTableReader.read(disk, geometry)) {
            case NoPartitionTable none -> throw new PartitionTableException("Cannot add a config drive: the disk has "
                    + "no partition table (" + none.reason() + "). The image looks like a bare filesystem; use a "
                    + "whole-disk image with a partition table, or a partition image.");
            case GptPartitionTable gpt -> writeGpt(disk, geometry, gpt, source);
            case MbrPartitionTable mbr -> writeMbr(disk, geometry, mbr, source);
        };
    }

    private ConfigDrivePartition writeGpt(FileChannel disk, DiskGeometry geometry, GptPartitionTable gpt,
                                          ConfigDriveSource source) {
        GptLayout layout = gpt.layout();
        int number = layout.firstFreeNumber().orElseThrow(() -> new PartitionTableException("Cannot add a config "
                + "drive: all " + layout.entryCount() + " GPT entries are in use. Rebuild the image with a free entry."));
        if (!gpt.backupAtEndOfDevice(geometry) || gpt.primaryStatus() != GptCopyStatus.VALID) {
            GptTableWriter.write(disk, geometry, layout);
            zeroStaleBackupHeader(disk, geometry, gpt);
        }
        long lastUsable = geometry.lastLba() - layout.entryArraySectors(geometry.sectorSize()) - 1;
        long afterPartitions = layout.partitions().stream().mapToLong(GptPartition::lastLba).max()
                .orElse(layout.firstUsableLba() - 1) + 1;
        long regionStart = alignUp(Math.max(afterPartitions, layout.firstUsableLba()), geometry);
        Placement placed = place(disk, geometry, regionStart, lastUsable, source, "");

        UUID unique = guids.get();
        GptTableWriter.write(disk, geometry, layout.withPartition(new GptPartition(number,
                PartitionTypes.LINUX_FILESYSTEM, unique, PARTITION_NAME, placed.firstLba(), lastUsable, 0)));
        return new ConfigDrivePartition(number, placed.firstLba(), lastUsable, placed.bytes(), unique.toString());
    }

    // The image's own backup header, now mid-disk, still checks out; left alone, a recovery tool
    // could resurrect the image's table over ours. Only zeroed where no partition lives.
    private static void zeroStaleBackupHeader(FileChannel disk, DiskGeometry geometry, GptPartitionTable gpt) {
        long stale = gpt.backupHeaderLba();
        boolean inPartition = gpt.partitions().stream().anyMatch(p -> stale >= p.firstLba() && stale <= p.lastLba());
        if (gpt.backupStatus() == GptCopyStatus.VALID && stale != geometry.lastLba()
                && stale >= gpt.header().firstUsableLba() && !inPartition) {
            BlockIo.zero(disk, stale * geometry.sectorBytes(), geometry.sectorBytes());
            BlockIo.force(disk);
        }
    }

    private ConfigDrivePartition writeMbr(FileChannel disk, DiskGeometry geometry, MbrPartitionTable mbr,
                                          ConfigDriveSource source) {
        if (mbr.partitions().isEmpty()) {
            throw new PartitionTableException("Cannot add a config drive: the disk's MBR lists no partitions, so "
                    + "this is not a whole-disk image. Use a whole-disk image with a partition table.");
        }
        OptionalInt free = freePrimarySlot(mbr);
        if (free.isEmpty()) {
            throw new PartitionTableException("Cannot add a config drive: the disk uses an MBR partition table and "
                    + "all 4 primary partitions are in use (IPA does not create logical partitions either). Rebuild "
                    + "the image with at most 3 primary partitions, or with a GPT.");
        }
        long limitLast = Math.min(geometry.lastLba(), MbrCodec.MAX_SECTORS - 1);
        long afterPartitions = mbr.partitions().stream().filter(p -> p.number() <= MbrCodec.SLOTS)
                .mapToLong(MbrPartition::lastLba).max().orElse(0) + 1;
        String limitNote = limitLast < geometry.lastLba()
                ? " MBR cannot address past 2^32 sectors, so only the space below that limit counts." : "";
        Placement placed = place(disk, geometry, alignUp(afterPartitions, geometry), limitLast, source, limitNote);

        int number = free.getAsInt();
        MbrTableWriter.addPrimary(disk, geometry, new MbrPartition(number, MbrPartition.TYPE_FAT32_CHS,
                placed.firstLba(), limitLast - placed.firstLba() + 1, false));
        return new ConfigDrivePartition(number, placed.firstLba(), limitLast, placed.bytes(), mbr.partUuid(number));
    }

    private static OptionalInt freePrimarySlot(MbrPartitionTable mbr) {
        for (int slot = 1; slot <= MbrCodec.SLOTS; slot++) {
            if (mbr.partition(slot).isEmpty()) {
                return OptionalInt.of(slot);
            }
        }
        return OptionalInt.empty();
    }

    /** Where a drive landed: its aligned first sector and its size. */
    private record Placement(long firstLba, long bytes) {
    }

    /** Decodes the drive into [regionStart, regionEnd] so that it ends in the last MiB of the region. */
    private static Placement place(FileChannel disk, DiskGeometry geometry, long regionStart, long regionEnd,
                       ConfigDriveSource source, String limitNote) {
        int sector = geometry.sectorBytes();
        long freeBytes = Math.max(0, (regionEnd - regionStart + 1) * sector);
        long scratch = Math.max(regionStart, alignDown(regionEnd + 1 - MAX_CONFIG_DRIVE_BYTES / sector, geometry));
        long capacity = Math.min(MAX_CONFIG_DRIVE_BYTES, Math.max(0, (regionEnd - scratch + 1) * sector));

        long size = copyInto(disk, scratch * sector, capacity, source);
        if (size > MAX_CONFIG_DRIVE_BYTES) {
            throw new PartitionTableException("The config drive is larger than 64 MiB, the limit IPA enforces. "
                    + "Make the config drive smaller (it holds metadata and user data, not files to install).");
        }
        if (size > capacity) {
            throw new PartitionTableException("Not enough space for the config drive after the last partition: it "
                    + "needs " + mib(size) + " MiB, the disk has " + mib(freeBytes) + " MiB free there (from LBA "
                    + regionStart + ")." + limitNote + " Use a larger disk or a smaller image.");
        }
        if (size == 0) {
            throw new PartitionTableException("The config drive is empty. Check the configdrive of the node's instance_info.");
        }
        long first = alignDown(regionEnd + 1 - GptHeader.ceilDiv(size, sector), geometry);
        BlockIo.moveUp(disk, scratch * sector, first * sector, size);
        // The rest of the partition is zeroed so its content is exactly the drive, whatever was there.
        BlockIo.zero(disk, first * sector + size, (regionEnd + 1) * sector - (first * sector + size));
        BlockIo.force(disk);
        return new Placement(first, size);
    }

    /**
     * Streams the decoded drive to {@code offset}, writing at most {@code capacity} bytes. Returns
     * the drive's size, or a number above {@code capacity} (reading on to just past 64 MiB, to say
     * which limit was hit) when it does not fit.
     */
    private static long copyInto(FileChannel disk, long offset, long capacity, ConfigDriveSource source) {
        byte[] buffer = new byte[CHUNK];
        long total = 0;
        try (InputStream in = ConfigDriveDecoder.open(source)) {
            int n;
            while ((n = in.readNBytes(buffer, 0, buffer.length)) > 0) {
                if (total + n <= capacity) {
                    BlockIo.write(disk, offset + total, ByteBuffer.wrap(buffer, 0, n));
                }
                total += n;
                if (total > MAX_CONFIG_DRIVE_BYTES) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new PartitionTableException("Cannot decode the config drive from " + describe(source) + ": "
                    + e.getMessage() + ". Ironic sends base64 of a gzipped ISO9660 or vfat image; check the "
                    + "configdrive in the node's instance_info.", e);
        }
        return total;
    }

    private static String describe(ConfigDriveSource source) {
        return switch (source) {
            case ConfigDriveSource.Inline inline -> "the inline configdrive parameter";
            case ConfigDriveSource.Streamed streamed -> streamed.description();
        };
    }

    private static long alignUp(long lba, DiskGeometry geometry) {
        long align = geometry.sectorSize().sectorsPerMiB();
        return Math.floorDiv(lba + align - 1, align) * align;
    }

    private static long alignDown(long lba, DiskGeometry geometry) {
        long align = geometry.sectorSize().sectorsPerMiB();
        return Math.floorDiv(lba, align) * align;
    }

    private static long mib(long bytes) {
        return GptHeader.ceilDiv(bytes, 1024 * 1024);
    }
}
