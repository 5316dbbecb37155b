package dev.ferrum.agent.partition;

/**
 * One partition of a classic MBR: numbers 1–4 are primary slots, 5 and up are logical partitions
 * inside an extended one, numbered as Linux numbers them.
 *
 * @param number the Linux partition number
 * @param type the system (type) byte, for example 0x83 Linux, 0xEF EFI system, 0x05 extended
 * @param firstLba the first sector, absolute
 * @param sectorCount the length in sectors
 * @param bootable whether the boot indicator (0x80) is set
 */
public record MbrPartition(int number, int type, long firstLba, long sectorCount, boolean bootable) {

    public static final int TYPE_EXTENDED_CHS = 0x05;
    public static final int TYPE_EXTENDED_LBA = 0x0F;
    public static final int TYPE_EXTENDED_LINUX = 0x85;
    public static final int TYPE_FAT32_CHS = 0x0B;
    public static final int TYPE_LINUX_SWAP = 0x82;
    public static final int TYPE_LINUX = 0x83;
    public static final int TYPE_PREP_BOOT = 0x41;
    public static final int TYPE_GPT_PROTECTIVE = 0xEE;
    public static final int TYPE_EFI_SYSTEM = 0xEF;

    public long lastLba() {
        return firstLba + sectorCount - 1;
    }

    /** An extended partition is a container for logical ones, never a filesystem. */
    public boolean isExtended() {
        return isExtendedType(type);
    }

    static boolean isExtendedType(int type) {
        return type == TYPE_EXTENDED_CHS || type == TYPE_EXTENDED_LBA || type == TYPE_EXTENDED_LINUX;
    }
}
