package dev.ferrum.hardware.spi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one rule for turning a disk name from the inventory ({@code /dev/sda}) into a path the
 * agent may open for writing: it must lie under the machine's {@code dev/} after following links,
 * exist, and be a block device — or a regular file when the machine allows stand-in files.
 */
final class DevicePaths {
    /** File-type bits of a Unix mode, and the block-device type. */
    private static final int TYPE_MASK = 0170000;
    private static final int BLOCK_DEVICE = 0060000;

    private DevicePaths() {
    }

    static DeviceResolution resolve(MachineContext machine, String name) {
        Path devRoot = machine.dev().toAbsolutePath().normalize();
        if (!name.startsWith("/dev/") || name.length() == "/dev/".length()) {
            return refused(DeviceResolution.Problem.OUTSIDE_DEVICE_ROOT, name + " is not a path under /dev");
        }
        Path candidate = devRoot.resolve(name.substring("/dev/".length())).normalize();
        if (!candidate.startsWith(devRoot)) {
            return refused(DeviceResolution.Problem.OUTSIDE_DEVICE_ROOT,
                    name + " resolves to " + candidate + ", outside " + devRoot);
        }
        if (!Files.exists(candidate)) {
            return refused(DeviceResolution.Problem.MISSING, "no device node at " + candidate);
        }
        try {
            Path real = candidate.toRealPath();
            if (!real.startsWith(devRoot.toRealPath())) {
                return refused(DeviceResolution.Problem.OUTSIDE_DEVICE_ROOT,
                        name + " links to " + real + ", outside " + devRoot);
            }
            if (isBlockDevice(real)) {
                return new DeviceResolution.Resolved(real);
            }
            if (Files.isRegularFile(real) && machine.diskAccess() == DiskAccess.REGULAR_FILES_ALLOWED) {
                return new DeviceResolution.Resolved(real);
            }
            return refused(DeviceResolution.Problem.NOT_A_DEVICE, real + " is not a block device"
                    + (Files.isRegularFile(real) ? " (regular files stand in for disks only when the agent runs"
                            + " with --file-disks)" : ""));
        } catch (IOException e) {
            return refused(DeviceResolution.Problem.MISSING, "cannot inspect " + candidate + ": " + e.getMessage());
        }
    }

    private static boolean isBlockDevice(Path path) throws IOException {
        Object mode = Files.getAttribute(path, "unix:mode");
        return mode instanceof Integer bits && (bits & TYPE_MASK) == BLOCK_DEVICE;
    }

    private static DeviceResolution refused(DeviceResolution.Problem problem, String reason) {
        return new DeviceResolution.Refused(problem, reason);
    }
}
