package dev.ferrum.hardware.generic.boot;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Parses what the inventory needs from the kernel command line ({@code /proc/cmdline}). */
public final class KernelCommandLine {
    private static final Pattern HARDWARE_ADDRESS = Pattern.compile("[0-9a-f]{2}(-[0-9a-f]{2}){6,}");
    private static final Pattern MAC = Pattern.compile("[0-9a-f]{2}([:-][0-9a-f]{2}){5}");

    private KernelCommandLine() {
    }

    /**
     * The MAC of the interface the machine PXE-booted from, from pxelinux/iPXE's {@code BOOTIF}
     * parameter: {@code 01-aa-bb-cc-dd-ee-ff} (ARP hardware type, then the address) becomes
     * {@code aa:bb:cc:dd:ee:ff}; a plain MAC is accepted too. The last BOOTIF wins, as the kernel's
     * own parameter parsing would have it. Empty when absent or malformed.
     */
    public static Optional<String> bootInterface(String cmdline) {
        Optional<String> value = Optional.empty();
        for (String token : cmdline.strip().split("\\s+")) {
            if (token.startsWith("BOOTIF=")) {
                value = Optional.of(token.substring("BOOTIF=".length()).replace("\"", ""));
            }
        }
        return value.map(v -> v.toLowerCase(Locale.ROOT)).flatMap(KernelCommandLine::macOf);
    }

    private static Optional<String> macOf(String value) {
        if (MAC.matcher(value).matches()) {
            return Optional.of(value.replace('-', ':'));
        }
        if (HARDWARE_ADDRESS.matcher(value).matches()) {
            // Drop the hardware-type octet (01 Ethernet, 20 InfiniBand); the rest is the address.
            return Optional.of(value.substring(3).replace('-', ':'));
        }
        return Optional.empty();
    }
}
