package dev.ferrum.protocol.inventory;

import dev.ferrum.protocol.error.WireFormatException;
import java.util.Optional;

/**
 * A block device a root disk may be chosen from (IPA's {@code BlockDevice}): {@code name} is the
 * device path ({@code /dev/sda}), {@code size} in bytes, {@code tran} the transport (sata, nvme, …).
 */
public record Disk(
        String name,
        Optional<String> model,
        long size,
        boolean rotational,
        Optional<String> wwn,
        Optional<String> serial,
        Optional<String> vendor,
        Optional<String> wwnWithExtension,
        Optional<String> wwnVendorExtension,
        Optional<String> hctl,
        Optional<String> byPath,
        Optional<Integer> logicalSectors,
        Optional<Integer> physicalSectors,
        Optional<String> tran) {

    public Disk {
        if (name == null || name.isBlank()) {
            throw new WireFormatException("a disk needs a device name");
        }
        model = Optionals.orEmpty(model);
        wwn = Optionals.orEmpty(wwn);
        serial = Optionals.orEmpty(serial);
        vendor = Optionals.orEmpty(vendor);
        wwnWithExtension = Optionals.orEmpty(wwnWithExtension);
        wwnVendorExtension = Optionals.orEmpty(wwnVendorExtension);
        hctl = Optionals.orEmpty(hctl);
        byPath = Optionals.orEmpty(byPath);
        logicalSectors = Optionals.orEmpty(logicalSectors);
        physicalSectors = Optionals.orEmpty(physicalSectors);
        tran = Optionals.orEmpty(tran);
    }

    /** A disk known only by name and size, every other fact absent. */
    public static Disk of(String name, long size, boolean rotational) {
        return new Disk(name, Optional.empty(), size, rotational, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }
}
