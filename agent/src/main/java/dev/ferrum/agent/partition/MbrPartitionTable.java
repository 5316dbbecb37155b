package dev.ferrum.agent.partition;

import java.util.List;
import java.util.Optional;

/**
 * A classic (DOS) MBR partition table with its logical partitions, as Linux reads it. GPT disks
 * carry a protective MBR too, but those are reported as {@link GptPartitionTable}.
 *
 * @param diskSignature the 32-bit disk signature at byte 440 (Linux calls it the disk identifier)
 * @param partitions primary and logical partitions by number; empty slots are left out
 */
public record MbrPartitionTable(long diskSignature, List<MbrPartition> partitions) implements PartitionTable {

    public MbrPartitionTable {
        partitions = List.copyOf(partitions);
    }

    /** The PARTUUID Linux (blkid) shows for a partition of this disk: signature and number in hex. */
    public String partUuid(int partitionNumber) {
        return String.format("%08x-%02x", diskSignature, partitionNumber);
    }

    public Optional<MbrPartition> partition(int number) {
        return partitions.stream().filter(p -> p.number() == number).findFirst();
    }
}
