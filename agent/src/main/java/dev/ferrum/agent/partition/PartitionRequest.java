package dev.ferrum.agent.partition;

import java.util.Locale;
import java.util.Optional;

/**
 * How a partition image wants its disk laid out, from Ironic's {@code image_info}: sizes in MiB
 * (0: no such partition; a root of 0 takes what is left), the boot mode and the disk label.
 *
 * @param uefi whether the instance boots by UEFI (Ironic's default boot mode) rather than legacy BIOS
 * @param diskLabel {@code gpt} or {@code msdos} when the node's capabilities say; else GPT for UEFI, MBR for BIOS
 * @param localBoot whether the instance boots from its disk (a bootloader partition is then needed)
 *     rather than over the network from the conductor's iPXE
 * @param tailReserveMb space left free after root for the config drive partition added afterwards
 */
public record PartitionRequest(boolean uefi, Optional<String> diskLabel, boolean localBoot, long rootMb, long swapMb,
        long ephemeralMb, long tailReserveMb) {

    /** ironic-lib's {@code efi_system_partition_size} default. */
    public static final long EFI_SYSTEM_MB = 550;
    /** ironic-lib's {@code bios_boot_partition_size} default. */
    public static final long BIOS_BOOT_MB = 1;

    public PartitionRequest {
        diskLabel = diskLabel.map(label -> label.toLowerCase(Locale.ROOT));
        if (diskLabel.isPresent() && !diskLabel.get().equals("gpt") && !diskLabel.get().equals("msdos")) {
            throw new PartitionTableException("disk_label '" + diskLabel.get() + "' is not supported; use gpt or msdos.");
        }
        if (rootMb < 0 || swapMb < 0 || ephemeralMb < 0 || tailReserveMb < 0) {
            throw new PartitionTableException("partition sizes must not be negative: root_mb " + rootMb + ", swap_mb "
                    + swapMb + ", ephemeral_mb " + ephemeralMb + ".");
        }
    }

    /** ironic-lib's rule: the label asked for, else GPT for UEFI and MBR (msdos) for BIOS. */
    public boolean gpt() {
        return diskLabel.map("gpt"::equals).orElse(uefi);
    }
}
