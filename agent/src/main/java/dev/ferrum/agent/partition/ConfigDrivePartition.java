package dev.ferrum.agent.partition;

/**
 * The partition {@link ConfigDriveWriter} created and filled.
 *
 * @param number the Linux partition number
 * @param firstLba the first sector
 * @param lastLba the last sector (the partition runs to the end of the usable space, like IPA's)
 * @param contentBytes the bytes of drive image written at its start
 * @param partUuid the PARTUUID Linux will show for it
 */
public record ConfigDrivePartition(int number, long firstLba, long lastLba, long contentBytes, String partUuid) {
}
