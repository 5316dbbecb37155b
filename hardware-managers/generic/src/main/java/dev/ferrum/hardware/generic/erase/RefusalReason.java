package dev.ferrum.hardware.generic.erase;

/** Why the safety gate would not let a disk be written. */
public enum RefusalReason {
    /** The device path does not lie under the machine's {@code /dev} (after resolving links). */
    OUTSIDE_DEVICE_ROOT,
    /** No device node exists at the path. */
    MISSING,
    /** The kernel does not list it under {@code /sys/block}: nothing says what it is. */
    UNKNOWN_DEVICE,
    /** A loop, RAM, device-mapper, md or optical device, or the virtual-media image Ironic attached. */
    VIRTUAL_DEVICE,
    /** The operator listed it in {@code skip_block_devices} or the agent's skip list. */
    SKIP_LISTED,
    /** The kernel marks the disk or one of its partitions read-only. */
    READ_ONLY,
    /** The disk, a partition, or something built on them is mounted or used as swap. */
    IN_USE,
    /** The disk or one of its partitions is a member of a running software RAID array: kept, as IPA keeps it. */
    RAID_MEMBER,
    /** An earlier entry of the same request names the same device (e.g. through a by-id link). */
    DUPLICATE
}
