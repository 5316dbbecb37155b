package dev.ferrum.agent.partition;

import java.util.UUID;

/**
 * The fields of one GPT header (UEFI 2.10 §5.3.2) that matter after it was read and checked; the
 * CRCs are not kept because they are recomputed on every write.
 *
 * @param revision the header revision, 0x00010000 for every GPT in use
 * @param headerSize the bytes covered by the header CRC (92 in practice)
 * @param myLba where this header lives
 * @param alternateLba where the other copy's header lives
 * @param firstUsableLba the first sector a partition may use
 * @param lastUsableLba the last sector a partition may use
 * @param diskGuid the disk's GUID
 * @param entriesLba where this copy's partition entry array starts
 * @param entryCount the number of entries in the array (128 in practice)
 * @param entrySize the bytes per entry (128 in practice)
 */
public record GptHeader(int revision, int headerSize, long myLba, long alternateLba, long firstUsableLba,
                        long lastUsableLba, UUID diskGuid, long entriesLba, int entryCount, int entrySize) {

    public static final int REVISION_1_0 = 0x00010000;
    public static final int HEADER_SIZE = 92;

    public long entryArrayBytes() {
        return (long) entryCount * entrySize;
    }

    /** Sectors the entry array takes, rounded up. */
    public long entryArraySectors(SectorSize sectorSize) {
        return ceilDiv(entryArrayBytes(), sectorSize.bytes());
    }

    static long ceilDiv(long value, long divisor) {
        return (value + divisor - 1) / divisor;
    }
}
