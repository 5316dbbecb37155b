package dev.ferrum.hardware.generic.dmi;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Firmware;
import dev.ferrum.protocol.inventory.SystemVendor;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads who made the machine from {@code /sys/class/dmi/id}. Values are reported as the firmware
 * wrote them (placeholders such as "To Be Filled By O.E.M." included, as IPA does); unreadable
 * ones ({@code product_serial} is root-only) become IPA's empty string.
 */
public final class DmiIdReader {
    private DmiIdReader() {
    }

    public static SystemVendor read(MachineContext machine) {
        Path id = machine.sys().resolve("class/dmi/id");
        Optional<String> biosVendor = MachineFiles.text(id.resolve("bios_vendor"));
        Optional<String> biosVersion = MachineFiles.text(id.resolve("bios_version"));
        Optional<String> biosDate = MachineFiles.text(id.resolve("bios_date"));
        Optional<Firmware> firmware = biosVendor.isPresent() || biosVersion.isPresent() || biosDate.isPresent()
                ? Optional.of(new Firmware(biosVendor.orElse(""), biosVersion.orElse(""), biosDate.orElse("")))
                : Optional.empty();
        return new SystemVendor(
                MachineFiles.text(id.resolve("product_name")).orElse(""),
                MachineFiles.text(id.resolve("product_serial")).orElse(""),
                MachineFiles.text(id.resolve("sys_vendor")).orElse(""),
                firmware);
    }
}
