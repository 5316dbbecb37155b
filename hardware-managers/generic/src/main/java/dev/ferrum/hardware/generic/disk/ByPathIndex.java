package dev.ferrum.hardware.generic.disk;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Maps each block device to its {@code /dev/disk/by-path} link. When several links point at one
 * device (udev adds {@code -ata-1.0} beside {@code -ata-1}) the first by name is kept, so the
 * answer does not depend on directory order.
 */
public final class ByPathIndex {
    private final Map<String, String> byDevice;

    private ByPathIndex(Map<String, String> byDevice) {
        this.byDevice = Map.copyOf(byDevice);
    }

    /** Scans {@code dev/disk/by-path} under the machine's root; empty when udev made none. */
    public static ByPathIndex scan(MachineContext machine) {
        Path dir = machine.dev().resolve("disk/by-path");
        Map<String, String> byDevice = new HashMap<>();
        for (String name : MachineFiles.names(dir)) {
            Optional<Path> target = MachineFiles.linkTarget(dir.resolve(name));
            if (target.isEmpty()) {
                continue;
            }
            // An absolute target names a path on the machine, so it is re-rooted like every other.
            Path resolved = target.get().isAbsolute()
                    ? machine.root().resolve(target.get().toString().substring(1))
                    : dir.resolve(target.get());
            Path relative = machine.dev().normalize().relativize(resolved.normalize());
            if (!relative.startsWith("..")) {
                byDevice.putIfAbsent("/dev/" + relative, "/dev/disk/by-path/" + name);
            }
        }
        return new ByPathIndex(byDevice);
    }

    /** The by-path link for a device such as {@code /dev/sda}. */
    public Optional<String> linkFor(String devicePath) {
        return Optional.ofNullable(byDevice.get(devicePath));
    }
}
