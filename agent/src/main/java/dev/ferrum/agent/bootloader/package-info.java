/**
 * Installing the instance's bootloader after a partition image is written, IPA's
 * {@code image.install_bootloader}: GRUB from the image itself (run in a chroot of the root
 * partition) and, for UEFI, on the EFI system partition with a firmware boot entry.
 */
package dev.ferrum.agent.bootloader;
