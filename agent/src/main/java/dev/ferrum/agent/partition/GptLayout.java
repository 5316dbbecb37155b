package dev.ferrum.agent.partition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * Everything needed to write a GPT onto a disk of any size: the placement of the backup copy and
 * the last usable sector follow from the disk, so they are not part of the layout.
 *
 * @param diskGuid the disk's GUID
 * @param firstUsableLba the first sector a partition may use
 * @param primaryEntriesLba where the primary entry array starts (2 on every common disk)
 * @param entryCount entries in the array
 * @param entrySize bytes per entry
 * @param partitions the used entries, numbered by slot
 */
public record GptLayout(UUID diskGuid, long firstUsableLba, long primaryEntriesLba, int entryCount, int entrySize,
                        List<GptPartition> partitions) {

    /** The array every tool writes by default: 128 entries of 128 bytes. */
    public static final int DEFAULT_ENTRY_COUNT = 128;
    public static final int DEFAULT_ENTRY_SIZE = 128;

    public GptLayout {
        partitions = partitions.stream().sorted(Comparator.comparingInt(GptPartition::number)).toList();
        if (entrySize < DEFAULT_ENTRY_SIZE || entrySize % 8 != 0) {
            throw new PartitionTableException("GPT entry size " + entrySize + " is invalid; it must be 128 or a larger multiple of 8.");
        }
        for (GptPartition p : partitions) {
            if (p.number() > entryCount) {
                throw new PartitionTableException("GPT partition " + p.number() + " does not fit an array of " + entryCount + " entries.");
            }
        }
    }

    /** The layout sgdisk and parted produce: entries at LBA 2, 128 × 128 bytes, partitions right after. */
    public static GptLayout standard(UUID diskGuid, SectorSize sectorSize, List<GptPartition> partitions) {
        long arraySectors = GptHeader.ceilDiv((long) DEFAULT_ENTRY_COUNT * DEFAULT_ENTRY_SIZE, sectorSize.bytes());
        return new GptLayout(diskGuid, 2 + arraySectors, 2, DEFAULT_ENTRY_COUNT, DEFAULT_ENTRY_SIZE, partitions);
    }

    public long entryArraySectors(SectorSize sectorSize) {
        return GptHeader.ceilDiv((long) entryCount * entrySize, sectorSize.bytes());
    }

    /** The lowest free slot number, as {@code sgdisk -n 0:…} picks it. */
    public OptionalInt firstFreeNumber() {
        boolean[] used = new boolean[entryCount + 1];
        partitions.forEach(p -> used[p.number()] = true);
        for (int n = 1; n <= entryCount; n++) {
            if (!used[n]) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    public GptLayout withPartition(GptPartition partition) {
        List<GptPartition> all = new ArrayList<>(partitions);
        all.add(partition);
        return new GptLayout(diskGuid, firstUsableLba, primaryEntriesLba, entryCount, entrySize, all);
    }
}
