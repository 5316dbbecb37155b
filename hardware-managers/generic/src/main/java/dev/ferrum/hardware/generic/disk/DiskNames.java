package dev.ferrum.hardware.generic.disk;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which kernel block devices can hold an operating system. Memory-backed and stacked devices
 * (loop, ram, zram, device-mapper, md, nbd), optical and floppy drives, and the boot/RPMB areas
 * of eMMC are not disks an image is written to. Software RAID (md) is left out as IPA does by
 * default when it lists disks for inventory: its members are listed instead, and RAID assembly
 * is a deploy-time concern.
 */
public final class DiskNames {
    private static final List<String> VIRTUAL_PREFIXES = List.of("loop", "ram", "zram", "dm-", "md", "nbd", "sr",
            "fd");
    private static final Pattern EMMC_SPECIAL = Pattern.compile("mmcblk\\d+(boot\\d+|rpmb)");

    private DiskNames() {
    }

    /** True when {@code kernelName} (as listed in {@code /sys/block}) may be a real disk. */
    public static boolean isCandidate(String kernelName) {
        if (kernelName.isBlank() || EMMC_SPECIAL.matcher(kernelName).matches()) {
            return false;
        }
        return VIRTUAL_PREFIXES.stream().noneMatch(kernelName::startsWith);
    }
}
