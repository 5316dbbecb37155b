package dev.ferrum.agent.partition;

/**
 * What a disk's first sectors hold: a GPT, a classic MBR, or no partition table at all (a raw
 * filesystem or an empty disk). {@link PartitionTableReader} produces these.
 */
public sealed interface PartitionTable permits GptPartitionTable, MbrPartitionTable, NoPartitionTable {
}
