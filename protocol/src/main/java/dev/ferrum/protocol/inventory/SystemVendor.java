package dev.ferrum.protocol.inventory;

import java.util.Optional;

/** Who made the machine (DMI): product name, serial number, manufacturer and firmware. */
public record SystemVendor(
        String productName,
        String serialNumber,
        String manufacturer,
        Optional<Firmware> firmware) {

    /** IPA reports unknown vendor strings as empty strings, not null; Ferrum keeps that shape. */
    public static final SystemVendor UNKNOWN = new SystemVendor("", "", "", Optional.empty());

    public SystemVendor {
        productName = productName == null ? "" : productName;
        serialNumber = serialNumber == null ? "" : serialNumber;
        manufacturer = manufacturer == null ? "" : manufacturer;
        firmware = Optionals.orEmpty(firmware);
    }
}
