package dev.ferrum.agent.rescue;

/**
 * Whether the running system's root file system is a ramdisk, read from {@code /proc/mounts} text: the
 * last mount on {@code /} is {@code rootfs}, {@code tmpfs} or {@code ramfs} (an initramfs root). A machine
 * booted from its disk, or a container, is not, and its {@code /etc/shadow} must not be rewritten.
 */
public final class RamdiskRoot {
    private RamdiskRoot() {
    }

    public static boolean isRamdisk(String procMounts) {
        String rootType = "";
        for (String line : procMounts.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length >= 3 && fields[1].equals("/")) {
                // Later mounts on / hide earlier ones (a switch_root leaves rootfs listed first).
                rootType = fields[2];
            }
        }
        return rootType.equals("rootfs") || rootType.equals("tmpfs") || rootType.equals("ramfs");
    }
}
