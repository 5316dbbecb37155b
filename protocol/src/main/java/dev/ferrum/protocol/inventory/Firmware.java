package dev.ferrum.protocol.inventory;

/** The system firmware (BIOS/UEFI) as DMI names it; empty strings where DMI says nothing. */
public record Firmware(String vendor, String version, String buildDate) {

    public Firmware {
        vendor = vendor == null ? "" : vendor;
        version = version == null ? "" : version;
        buildDate = buildDate == null ? "" : buildDate;
    }
}
