package dev.ferrum.agent.partition;

/**
 * How big a disk is and how it is addressed. The size is the device's, not the image's: a
 * whole-disk image is usually smaller than the disk it was written to.
 *
 * @param sizeBytes the device size in bytes (a trailing partial sector is ignored, as Linux does)
 * @param sectorSize the logical sector size
 */
public record DiskGeometry(long sizeBytes, SectorSize sectorSize) {

    public DiskGeometry {
        if (sectorSize == null) {
            throw new IllegalArgumentException("sectorSize is required");
        }
        // Room for the MBR, a GPT header and the smallest entry array on each end.
        if (sizeBytes < 68L * sectorSize.bytes()) {
            throw new PartitionTableException("Disk of " + sizeBytes + " bytes is too small to hold a partition table.");
        }
    }

    public long sectorCount() {
        return sizeBytes / sectorSize.bytes();
    }

    public long lastLba() {
        return sectorCount() - 1;
    }

    public int sectorBytes() {
        return sectorSize.bytes();
    }
}
