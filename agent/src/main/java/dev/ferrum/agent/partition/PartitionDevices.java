package dev.ferrum.agent.partition;

/**
 * Linux's names for partition device nodes: {@code /dev/sda} → {@code /dev/sda1}, but a disk whose
 * name ends in a digit gets a "p" first, {@code /dev/nvme0n1} → {@code /dev/nvme0n1p1}.
 */
public final class PartitionDevices {

    private PartitionDevices() {
    }

    /** The node of partition {@code number} of the disk node {@code disk} (a kernel name such as /dev/sda, not a by-id link). */
    public static String path(String disk, int number) {
        if (disk.isEmpty()) {
            throw new IllegalArgumentException("disk path is empty");
        }
        boolean endsInDigit = Character.isDigit(disk.charAt(disk.length() - 1));
        return disk + (endsInDigit ? "p" : "") + number;
    }

    /** The disk a partition node belongs to: {@code /dev/sda2} → {@code /dev/sda}, {@code /dev/nvme0n1p2} → {@code /dev/nvme0n1}. */
    public static String disk(String partition) {
        int end = partition.length();
        while (end > 0 && Character.isDigit(partition.charAt(end - 1))) {
            end--;
        }
        if (end == partition.length() || end == 0) {
            throw new IllegalArgumentException(partition + " is not a partition node (it does not end in a number)");
        }
        boolean separated = partition.charAt(end - 1) == 'p' && end >= 2 && Character.isDigit(partition.charAt(end - 2));
        return partition.substring(0, separated ? end - 1 : end);
    }

    /** The partition's number: {@code /dev/nvme0n1p2} → 2. */
    public static int number(String partition) {
        return Integer.parseInt(partition.substring(disk(partition).length()).replace("p", ""));
    }
}
