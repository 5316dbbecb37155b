package dev.ferrum.hardware.generic.disk;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Derives a disk's transport ({@code tran}, named as lsblk names it) from its kernel name and its
 * sysfs device path (the resolved {@code /sys/block/<name>} link). The order follows lsblk: a SAS
 * host wins over the ATA disk behind it.
 */
public final class Transport {
    private static final Pattern ATA_PORT = Pattern.compile("/ata\\d+/");

    private Transport() {
    }

    /** The transport, or empty when the path does not say (Xen, some RAID controllers). */
    public static Optional<String> of(String kernelName, String devicePath) {
        String path = devicePath.endsWith("/") ? devicePath : devicePath + "/";
        if (kernelName.startsWith("nvme")) {
            return Optional.of("nvme");
        }
        if (path.contains("/usb")) {
            return Optional.of("usb");
        }
        if (path.contains("/virtio")) {
            return Optional.of("virtio");
        }
        if (path.contains("/rport-")) {
            return Optional.of("fc");
        }
        if (path.contains("/end_device-") || path.contains("/port-")) {
            return Optional.of("sas");
        }
        if (path.contains("/session")) {
            return Optional.of("iscsi");
        }
        if (ATA_PORT.matcher(path).find()) {
            return Optional.of("sata");
        }
        if (kernelName.startsWith("mmcblk") || path.contains("/mmc_host/")) {
            return Optional.of("mmc");
        }
        return Optional.empty();
    }
}
