package dev.ferrum.pxe.script;

/**
 * How iPXE hands a deployed node over to its local disk. {@link #SANBOOT} boots the first BIOS
 * disk directly; {@link #EXIT} leaves iPXE so the firmware continues with its boot order, the
 * usual choice under UEFI where drive numbers mean nothing.
 */
public enum LocalBootMethod {
    /** {@code sanboot --no-describe --drive 0x80}: the first BIOS hard disk, without an iBFT/ACPI description. */
    SANBOOT,
    /** {@code exit}: back to the firmware, which tries the next boot device. */
    EXIT
}
