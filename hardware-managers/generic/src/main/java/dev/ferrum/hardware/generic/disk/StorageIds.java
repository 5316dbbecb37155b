package dev.ferrum.hardware.generic.disk;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Parses the identifiers storage devices report through sysfs: the {@code wwid} attribute and the
 * SCSI unit-serial-number VPD page ({@code vpd_pg80}). WWNs come out as udev's ID_WWN family
 * does, which is what IPA reports and what operators paste into root-device hints.
 */
public final class StorageIds {
    private static final int VPD_UNIT_SERIAL = 0x80;

    private StorageIds() {
    }

    /**
     * A disk's world-wide name as udev's ID_WWN, ID_WWN_WITH_EXTENSION and ID_WWN_VENDOR_EXTENSION
     * give it: the extension forms exist for SCSI/ATA ids only.
     */
    public record WorldWideName(String wwn, Optional<String> withExtension, Optional<String> vendorExtension) {
    }

    /**
     * Reads a {@code wwid}. SCSI/ATA NAA ids become {@code 0x} + 16 hex digits (plus the extension
     * for 32-digit NAA-6 ids), SCSI EUI-64 ids {@code 0x} + hex; NVMe namespace ids are kept whole
     * ({@code eui.…}, {@code nvme.…}) with no extension forms, as udev's NVMe rule copies only
     * ID_WWN. Vendor-text ids (T10) are no WWN.
     */
    public static Optional<WorldWideName> worldWideName(String wwid, boolean nvme) {
        String id = wwid.strip();
        if (id.isEmpty()) {
            return Optional.empty();
        }
        if (nvme) {
            return Optional.of(new WorldWideName(id, Optional.empty(), Optional.empty()));
        }
        String lower = id.toLowerCase(Locale.ROOT);
        if (lower.startsWith("naa.") && lower.substring(4).matches("[0-9a-f]{16}([0-9a-f]{16})?")) {
            String hex = lower.substring(4);
            String wwn = "0x" + hex.substring(0, 16);
            return hex.length() == 32
                    ? Optional.of(new WorldWideName(wwn, Optional.of("0x" + hex), Optional.of("0x" + hex.substring(16))))
                    : Optional.of(new WorldWideName(wwn, Optional.of(wwn), Optional.empty()));
        }
        if (lower.startsWith("eui.") && lower.substring(4).matches("[0-9a-f]{16,32}")) {
            String wwn = "0x" + lower.substring(4);
            return Optional.of(new WorldWideName(wwn, Optional.of(wwn), Optional.empty()));
        }
        return Optional.empty();
    }

    /**
     * The serial number in a raw VPD page 0x80: a 4-byte header (page code at byte 1, big-endian
     * length at bytes 2–3) followed by ASCII, space-padded. Empty when the page is malformed.
     */
    public static Optional<String> unitSerial(byte[] page) {
        if (page.length < 4 || (page[1] & 0xFF) != VPD_UNIT_SERIAL) {
            return Optional.empty();
        }
        int length = (page[2] & 0xFF) << 8 | (page[3] & 0xFF);
        int end = Math.min(page.length, 4 + length);
        String serial = new String(page, 4, end - 4, StandardCharsets.US_ASCII).replace('\0', ' ').strip();
        return serial.isEmpty() ? Optional.empty() : Optional.of(serial);
    }
}
