package dev.ferrum.hardware.spi;

/**
 * What may stand in for a disk. On a real machine only block devices are written; tests,
 * sandboxes and interop runs may let regular files (sparse disk images) stand in for them.
 */
public enum DiskAccess {
    /** Only block device nodes are disks: the default on a real machine. */
    BLOCK_DEVICES_ONLY,
    /** Regular files under the machine's {@code dev/} may stand in for disks. */
    REGULAR_FILES_ALLOWED
}
