package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.node.PowerState;
import java.util.Locale;
import java.util.Optional;

/** Parsers for ipmitool's text output, kept apart from running it so fixtures can test them. */
public final class IpmiOutput {

    private IpmiOutput() {
    }

    /** {@code power status}: "Chassis Power is on|off". */
    public static PowerState powerStatus(String stdout) {
        for (String line : stdout.lines().toList()) {
            String text = line.strip().toLowerCase(Locale.ROOT);
            if (text.startsWith("chassis power is ")) {
                String state = text.substring("chassis power is ".length()).strip();
                if (state.equals("on")) {
                    return PowerState.POWER_ON;
                }
                if (state.equals("off")) {
                    return PowerState.POWER_OFF;
                }
            }
        }
        throw new DriverException("ipmitool power status printed no power state: '" + abbreviate(stdout) + "'");
    }

    /**
     * {@code chassis bootparam get 5}: the "Boot Device Selector" line gives the device (empty for
     * "No override" or one Ferrum has no name for), "Options apply to all future boots" persistence.
     */
    public static BootDeviceSetting bootFlags(String stdout) {
        Optional<BootDevice> device = Optional.empty();
        Optional<Boolean> persistent = Optional.empty();
        boolean sawSelector = false;
        for (String line : stdout.lines().toList()) {
            String text = line.strip().replaceFirst("^-\\s*", "");
            String lower = text.toLowerCase(Locale.ROOT);
            if (lower.startsWith("options apply to all future boots")) {
                persistent = Optional.of(true);
            } else if (lower.startsWith("options apply to only next boot")) {
                persistent = Optional.of(false);
            } else if (lower.startsWith("boot device selector")) {
                sawSelector = true;
                device = selector(lower.substring(lower.indexOf(':') + 1).strip());
            }
        }
        if (!sawSelector) {
            throw new DriverException("ipmitool chassis bootparam get 5 printed no boot device selector: '"
                    + abbreviate(stdout) + "'");
        }
        return new BootDeviceSetting(device, device.isPresent() ? persistent : Optional.empty());
    }

    private static Optional<BootDevice> selector(String value) {
        if (value.contains("safe")) {
            return Optional.of(BootDevice.SAFE);
        }
        if (value.contains("pxe")) {
            return Optional.of(BootDevice.PXE);
        }
        if (value.contains("hard-drive")) {
            return Optional.of(BootDevice.DISK);
        }
        if (value.contains("cd/dvd")) {
            return Optional.of(BootDevice.CDROM);
        }
        if (value.contains("bios setup")) {
            return Optional.of(BootDevice.BIOS);
        }
        return Optional.empty();
    }

    static String abbreviate(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() > 200 ? flat.substring(0, 200) + "…" : flat;
    }
}
