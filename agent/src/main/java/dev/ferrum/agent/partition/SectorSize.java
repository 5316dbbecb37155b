package dev.ferrum.agent.partition;

/**
 * The logical sector size of a disk, which fixes where every partition-table structure lives
 * (LBA 1 is byte 512 on one disk and byte 4096 on another). Take it from the inventory's
 * {@code logical_sectors}.
 */
public enum SectorSize {
    BYTES_512(512),
    BYTES_4096(4096);

    private static final long MIB = 1024L * 1024L;

    private final int bytes;

    SectorSize(int bytes) {
        this.bytes = bytes;
    }

    public int bytes() {
        return bytes;
    }

    /** Sectors in one MiB, the alignment every modern partitioning tool uses. */
    public long sectorsPerMiB() {
        return MIB / bytes;
    }

    /** The size for a disk's logical sector size in bytes. */
    public static SectorSize ofBytes(int bytes) {
        for (SectorSize size : values()) {
            if (size.bytes == bytes) {
                return size;
            }
        }
        throw new PartitionTableException("Unsupported logical sector size " + bytes
                + " bytes; Ferrum handles 512- and 4096-byte sectors. Check the disk's logical_sectors in the inventory.");
    }
}
