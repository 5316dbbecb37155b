package dev.ferrum.agent.bootloader;

import java.util.Optional;

/**
 * The {@code install_bootloader} params as IPA reads them.
 *
 * @param rootUuid the root partition's filesystem UUID or PARTUUID; empty for a whole-disk image
 *     (nothing to install then, as IPA does)
 * @param efiSystemPartUuid the EFI system partition's UUID, given for UEFI partition images
 * @param uefi {@code target_boot_mode == "uefi"}
 */
public record BootloaderRequest(Optional<String> rootUuid, Optional<String> efiSystemPartUuid, boolean uefi) {
}
