package dev.ferrum.agent.partition;

import java.util.UUID;

/**
 * One used entry of a GPT partition array.
 *
 * @param number the Linux partition number: the entry's slot in the array, counted from 1
 * @param typeGuid what the partition is for (see {@link PartitionTypes})
 * @param uniqueGuid the partition's own GUID, which Linux shows as PARTUUID
 * @param name the UTF-16 partition name, at most 36 characters, empty when unset
 * @param firstLba the first sector
 * @param lastLba the last sector, inclusive
 * @param attributes the 64 attribute bits (bit 0 required, bit 2 legacy BIOS bootable, …)
 */
public record GptPartition(int number, UUID typeGuid, UUID uniqueGuid, String name, long firstLba, long lastLba,
                           long attributes) {

    public static final int MAX_NAME_CHARS = 36;

    public GptPartition {
        if (number < 1) {
            throw new IllegalArgumentException("partition numbers start at 1, got " + number);
        }
        if (typeGuid == null || uniqueGuid == null || name == null) {
            throw new IllegalArgumentException("typeGuid, uniqueGuid and name are required");
        }
        if (name.length() > MAX_NAME_CHARS) {
            throw new IllegalArgumentException("GPT partition names hold at most 36 UTF-16 units: " + name);
        }
        if (lastLba < firstLba) {
            throw new PartitionTableException("GPT partition " + number + " ends (LBA " + lastLba
                    + ") before it starts (LBA " + firstLba + "); the partition table is corrupt.");
        }
    }

    public long sectorCount() {
        return lastLba - firstLba + 1;
    }

    /** The PARTUUID as Linux prints it: the unique GUID in lower case. */
    public String partUuid() {
        return uniqueGuid.toString();
    }
}
