package dev.ferrum.sandbox.bmc;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One machine's firmware as a Redfish BMC's UpdateService shows it: components {@code BIOS} and {@code BMC}
 * with versions, and images given to {@code SimpleUpdate} staged until the System's next reset. An image is a
 * text file whose first line is {@code <magic> <component> <version>} (e.g. {@code FW bmc 2.1.0}); one for
 * another component, or unreadable, is refused. Thread-safe.
 */
final class SimulatedFirmware {
    private final Map<String, String> versions = new LinkedHashMap<>();
    private final Map<String, String> staged = new LinkedHashMap<>();

    SimulatedFirmware() {
        versions.put("BIOS", "1.0.0");
        versions.put("BMC", "2.0.0");
    }

    synchronized Map<String, String> versions() {
        return Map.copyOf(versions);
    }

    /** Reads the image at {@code url} and stages it for {@code component}; refuses a wrong or unreadable one. */
    void stage(String component, String url) {
        String header;
        try (InputStream in = URI.create(url).toURL().openStream()) {
            header = new String(in.readNBytes(256), StandardCharsets.UTF_8).lines().findFirst().orElse("");
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot read the image " + url + ": " + e.getMessage());
        }
        String[] parts = header.trim().split("\\s+");
        if (parts.length != 3 || !parts[1].equalsIgnoreCase(component)) {
            throw new IllegalArgumentException("image " + url + " is not a " + component + " image (first line '"
                    + header + "')");
        }
        synchronized (this) {
            if (!versions.containsKey(component)) {
                throw new IllegalArgumentException("no firmware component " + component);
            }
            staged.put(component, parts[2]);
        }
    }

    /** The System reset: staged images are flashed. */
    synchronized void applyStaged() {
        versions.putAll(staged);
        staged.clear();
    }
}
