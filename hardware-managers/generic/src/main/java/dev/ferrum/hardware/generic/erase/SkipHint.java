package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
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
        return new SkipHint(new RootDeviceHints(Optional.of(name), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty()), Optional.empty());
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
        StringBuilder text = new StringBuilder("{");
        hints.name().ifPresent(v -> text.append("name=").append(v).append(' '));
        hints.serial().ifPresent(v -> text.append("serial=").append(v).append(' '));
        hints.wwn().ifPresent(v -> text.append("wwn=").append(v).append(' '));
        hints.model().ifPresent(v -> text.append("model=").append(v).append(' '));
        hints.vendor().ifPresent(v -> text.append("vendor=").append(v).append(' '));
        hints.sizeGib().ifPresent(v -> text.append("size=").append(v).append(' '));
        hints.hctl().ifPresent(v -> text.append("hctl=").append(v).append(' '));
        hints.byPath().ifPresent(v -> text.append("by_path=").append(v).append(' '));
        hints.rotational().ifPresent(v -> text.append("rotational=").append(v).append(' '));
        volumeName.ifPresent(v -> text.append("volume_name=").append(v).append(' '));
        return text.toString().strip() + "}";
    }
}
