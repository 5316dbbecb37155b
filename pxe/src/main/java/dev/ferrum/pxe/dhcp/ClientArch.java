package dev.ferrum.pxe.dhcp;

import java.util.List;

/**
 * The PXE client architectures dnsmasq tells apart by DHCP option 93 (RFC 4578 and IANA's
 * registry), each needing its own iPXE build to chainload, e.g. {@code undionly.kpxe} for BIOS
 * and {@code ipxe.efi} (or {@code snponly.efi}) for x86-64 UEFI.
 */
public enum ClientArch {
    /** Legacy BIOS (option 93 value 0), also the fallback for anything not matched below. */
    BIOS_X86("bios", List.of()),
    /** x86-64 UEFI: values 7 (EFI BC) and 9 (EFI x86-64), which firmware uses interchangeably. */
    UEFI_X86_64("efi-x86_64", List.of(7, 9)),
    /** 64-bit ARM UEFI: value 11. */
    UEFI_ARM64("efi-arm64", List.of(11));

    private final String tag;
    private final List<Integer> optionValues;

    ClientArch(String tag, List<Integer> optionValues) {
        this.tag = tag;
        this.optionValues = optionValues;
    }

    /** The dnsmasq tag set for this architecture. */
    public String tag() {
        return tag;
    }

    /** The option 93 values that select it; empty for the BIOS fallback. */
    public List<Integer> optionValues() {
        return optionValues;
    }
}
