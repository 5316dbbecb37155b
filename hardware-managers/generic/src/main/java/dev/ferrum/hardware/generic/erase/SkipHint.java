package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One entry of a skip list, as Ironic's {@code properties.skip_block_devices} holds them: root-device
 * hints that must all match a disk, and optionally {@code volume_name}, the name of a software RAID
 * volume whose member disks are to be left alone.
 */
public record SkipHint(RootDeviceHints hints, Optional<String> volumeName) {

    public SkipHint {
        Objects.requireNonNull(hints, "hints");
        volumeName = Objects.requireNonNullElse(volumeName, Optional.empty());
        if (hints.isEmpty() && volumeName.isEmpty()) {
            // An empty hint matches every disk; treating it as "skip all" would silently erase nothing.
            throw new IllegalArgumentException("an empty skip hint would match every disk");
        }
    }

    /** A hint naming one device, {@code sda} or {@code /dev/sda}. */
    public static SkipHint ofName(String name) {
        // Through the hint parser, so "sda" and "/dev/sda" are treated alike as in properties.root_device.
        return new SkipHint(RootDeviceHints.parse(Map.of("name", name)),
                Optional.empty());
    }

    /**
     * True when every given hint matches {@code disk}; {@code volumeNames} are the software RAID
     * volumes the disk (or one of its partitions) is a member of.
     */
    public boolean matches(Disk disk, Set<String> volumeNames) {
        boolean volumeMatches = volumeName.map(volumeNames::contains).orElse(true);
        return volumeMatches && hints.matches(disk);
    }

    @Override
    public String toString() {
        String text = hints.isEmpty() ? "{}" : hints.toString();
        return volumeName.map(v -> text.substring(0, text.length() - 1) + (hints.isEmpty() ? "" : ", ")
                + "volume_name: \"" + v + "\"}").orElse(text);
    }
}
