package dev.ferrum.agent.partition;

/**
 * One partition of a {@link PartitionPlan}.
 *
 * @param number the Linux partition number
 * @param role what it holds
 * @param firstLba the first sector
 * @param lastLba the last sector, inclusive
 */
public record PlannedPartition(int number, PartitionRole role, long firstLba, long lastLba) {

    public long sectorCount() {
        return lastLba - firstLba + 1;
    }
}
