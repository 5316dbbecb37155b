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
}
