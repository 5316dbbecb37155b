package dev.ferrum.hardware.spi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.inventory.Disk;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operator's root-device hints ({@code properties.root_device}): every given hint must match
 * a disk for it to qualify. {@code sizeGib} is in GiB as Ironic defines it; string hints compare
 * case-insensitively; {@code name} may be given with or without {@code /dev/}.
 */
public record RootDeviceHints(
        Optional<String> name,
        Optional<Long> sizeGib,
        Optional<String> serial,
        Optional<String> wwn,
        Optional<String> model,
        Optional<String> vendor,
        Optional<Boolean> rotational,
        Optional<String> hctl,
        Optional<String> byPath) {

    public static final RootDeviceHints NONE = new RootDeviceHints(Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());

    private static final long GIB = 1L << 30;
    private static final List<String> KNOWN = List.of("name", "size", "serial", "wwn", "model", "vendor",
            "rotational", "hctl", "by_path");

    /**
     * Reads hints as Ironic stores them in {@code properties.root_device}.
     *
     * @throws IllegalArgumentException naming the offending hint when one is unknown or malformed
     */
    public static RootDeviceHints fromJson(JsonNode hints) {
        if (hints == null || hints.isNull() || hints.isMissingNode()) {
            return NONE;
        }
        if (!hints.isObject()) {
            throw new IllegalArgumentException("root_device hints must be a JSON object, got " + hints.getNodeType());
        }
        List<String> unknown = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : hints.properties()) {
            if (!KNOWN.contains(field.getKey())) {
                unknown.add(field.getKey());
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown root_device hints " + unknown + "; supported: " + KNOWN);
        }
        return new RootDeviceHints(text(hints, "name"), size(hints), text(hints, "serial"), text(hints, "wwn"),
                text(hints, "model"), text(hints, "vendor"), bool(hints, "rotational"), text(hints, "hctl"),
                text(hints, "by_path"));
    }

    public boolean isEmpty() {
        return equals(NONE);
    }

    /** True when every given hint matches {@code disk}. */
    public boolean matches(Disk disk) {
        return name.map(n -> devicePath(n).equals(disk.name())).orElse(true)
                && sizeGib.map(gib -> disk.size() / GIB == gib).orElse(true)
                && sameText(serial, disk.serial())
                && sameText(wwn, disk.wwn())
                && sameText(model, disk.model())
                && sameText(vendor, disk.vendor())
                && rotational.map(r -> r == disk.rotational()).orElse(true)
                && sameText(hctl, disk.hctl())
                && byPath.map(p -> disk.byPath().map(devicePath(p)::equals).orElse(false)).orElse(true);
    }

    private static String devicePath(String name) {
        return name.startsWith("/dev/") ? name : "/dev/" + name;
    }

    private static boolean sameText(Optional<String> hint, Optional<String> actual) {
        return hint.map(h -> actual.map(a -> a.trim().equalsIgnoreCase(h.trim())).orElse(false)).orElse(true);
    }

    private static Optional<String> text(JsonNode hints, String key) {
        JsonNode value = hints.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isValueNode()) {
            throw new IllegalArgumentException("root_device hint '" + key + "' must be a string");
        }
        return Optional.of(value.asText());
    }

    private static Optional<Long> size(JsonNode hints) {
        JsonNode value = hints.get("size");
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (value.canConvertToLong() && value.isIntegralNumber()) {
            return Optional.of(value.asLong());
        }
        if (value.isTextual() && value.asText().trim().matches("\\d+")) {
            return Optional.of(Long.parseLong(value.asText().trim()));
        }
        throw new IllegalArgumentException("root_device hint 'size' must be a whole number of GiB, got " + value);
    }

    private static Optional<Boolean> bool(JsonNode hints, String key) {
        JsonNode value = hints.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (value.isBoolean()) {
            return Optional.of(value.asBoolean());
        }
        String text = value.asText().trim().toLowerCase(java.util.Locale.ROOT);
        return switch (text) {
            case "true", "1", "yes", "on" -> Optional.of(true);
            case "false", "0", "no", "off" -> Optional.of(false);
            default -> throw new IllegalArgumentException("root_device hint '" + key + "' must be a boolean, got " + value);
        };
    }
}
