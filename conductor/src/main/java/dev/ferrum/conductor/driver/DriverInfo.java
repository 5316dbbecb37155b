package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Typed reads of a node's free-form {@code driver_info}, for the drivers: required keys gathered
 * into one "missing" message, numbers and booleans checked with a message naming the key.
 */
public final class DriverInfo {
    private final Node node;
    private final JsonDict info;

    private DriverInfo(Node node) {
        this.node = node;
        this.info = node.driverInfo();
    }

    public static DriverInfo of(Node node) {
        return new DriverInfo(node);
    }

    /** The keys of {@code required} that are absent or blank, in the given order. */
    public List<String> missing(List<String> required) {
        List<String> missing = new ArrayList<>();
        for (String key : required) {
            if (string(key).isEmpty()) {
                missing.add(key);
            }
        }
        return missing;
    }

    /** A non-blank text value. */
    public Optional<String> string(String key) {
        return info.string(key).map(String::strip).filter(s -> !s.isEmpty());
    }

    /** A required text value; a missing one is a {@link DriverException} naming the key. */
    public String require(String key) {
        return string(key).orElseThrow(() -> new DriverException("node=" + node.uuid() + " driver_info is missing "
                + key + "; set it with: baremetal node set " + node.uuid() + " --driver-info " + key + "=..."));
    }

    /** An integer in [min, max], or {@code fallback} when absent. */
    public int integer(String key, int fallback, int min, int max) {
        Optional<String> text = string(key);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.get());
            if (value < min || value > max) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new DriverException("driver_info." + key + " of node " + node.uuid() + " must be a whole number from "
                    + min + " to " + max + ", not '" + text.get() + "'");
        }
    }

    /** A boolean ("true"/"false", "1"/"0", "yes"/"no"), or {@code fallback} when absent. */
    public boolean bool(String key, boolean fallback) {
        Optional<String> text = string(key);
        if (info.get(key).filter(n -> n.isBoolean()).isPresent()) {
            return info.get(key).get().booleanValue();
        }
        if (text.isEmpty()) {
            return fallback;
        }
        return switch (text.get().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off" -> false;
            default -> throw new DriverException("driver_info." + key + " of node " + node.uuid()
                    + " must be true or false, not '" + text.get() + "'");
        };
    }
}
