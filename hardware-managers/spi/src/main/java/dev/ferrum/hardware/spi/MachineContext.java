package dev.ferrum.hardware.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a manager reads the machine from: a file-system root under which {@code sys}, {@code proc},
 * {@code dev} and {@code etc} are found ({@code /} on a real machine, a fixture tree in tests), the
 * runner every external command goes through, and what may stand in for a disk.
 */
public record MachineContext(Path root, CommandRunner commands, DiskAccess diskAccess) {

    public MachineContext {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(diskAccess, "diskAccess");
    }

    /**
     * A context whose disk access follows from its root: the real machine writes block devices
     * only; a relocated root (a fixture tree) is a sandbox whose disks are files.
     */
    public MachineContext(Path root, CommandRunner commands) {
        this(root, commands, isRealRoot(root) ? DiskAccess.BLOCK_DEVICES_ONLY : DiskAccess.REGULAR_FILES_ALLOWED);
    }

    private static boolean isRealRoot(Path root) {
        return root.toAbsolutePath().normalize().equals(Path.of("/"));
    }

    /**
     * The device node for a disk named as the inventory names it ({@code /dev/sda}), or why it must
     * not be touched. Every component that writes disks goes through this.
     */
    public DeviceResolution resolveDevice(String diskName) {
        return DevicePaths.resolve(this, diskName);
    }

    /** The running machine: the real root and real processes. */
    public static MachineContext live() {
        return new MachineContext(Path.of("/"), new ProcessCommandRunner());
    }

    /** True when this context reads the real machine rather than a relocated tree. */
    public boolean isLive() {
        return isRealRoot(root);
    }

    public Path sys() {
        return root.resolve("sys");
    }

    public Path proc() {
        return root.resolve("proc");
    }

    public Path dev() {
        return root.resolve("dev");
    }

    public Path etc() {
        return root.resolve("etc");
    }
}
