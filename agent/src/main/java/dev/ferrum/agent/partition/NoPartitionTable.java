package dev.ferrum.agent.partition;

/**
 * The disk has no partition table Linux would recognise, for example because a raw filesystem
 * image was written to the whole disk.
 *
 * @param reason why the first sector was not taken as a partition table, for error messages
 */
public record NoPartitionTable(String reason) implements PartitionTable {
}
