package dev.ferrum.hardware.generic.erase;

import dev.ferrum.protocol.inventory.Disk;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A disk the safety gate cleared for writing: {@code devicePath} is the resolved node under the
 * machine's {@code /dev} (never outside it), {@code kernelName} its sysfs name, {@code sysfsBytes}
 * the size the kernel reports (0 when it reports none), {@code partitions} what sysfs lists on it.
 */
public record TargetDisk(Disk disk, Path devicePath, String kernelName, long sysfsBytes, List<Partition> partitions) {

    public TargetDisk {
        Objects.requireNonNull(disk, "disk");
        Objects.requireNonNull(devicePath, "devicePath");
        Objects.requireNonNull(kernelName, "kernelName");
        partitions = List.copyOf(Objects.requireNonNull(partitions, "partitions"));
    }

    /** True for an NVMe namespace: the inventory says so, or the kernel named it {@code nvmeXnY}. */
    public boolean isNvme() {
        return disk.tran().map("nvme"::equalsIgnoreCase).orElse(false) || kernelName.matches("nvme\\d+n\\d+");
    }

    /** The name reports use: the device as the inventory named it. */
    public String device() {
        return disk.name();
    }
}
