package dev.ferrum.conductor.driver.raid;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The target RAID configuration every RAID slot accepts unless it says otherwise (Ironic's RAID config
 * schema): {@code {"logical_disks": [ ... ]}}, at least one disk, each with a {@code raid_level} and a
 * {@code size_gb} (an integer or {@code "MAX"}), only the known properties, and at most one root volume.
 * Errors read as Ironic's "RAID config validation error: ...".
 */
public final class RaidSchema {
    private static final List<String> LEVELS = List.of("JBOD", "0", "1", "2", "5", "6", "1+0", "5+0", "6+0");
    private static final Map<String, String> PROPERTIES = properties();

    private RaidSchema() {
    }

    // The keys and which are required are the schema's facts; the descriptions are Ferrum's own words.
    private static Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("raid_level", "The disk's RAID level, one of JBOD, 0, 1, 2, 5, 6, 1+0, 5+0, 6+0. Required.");
        p.put("size_gb", "The disk's size in GiB as an integer, or MAX for whatever space is left. Required.");
        p.put("volume_name", "A name for the volume; generated when not given. Optional.");
        p.put("is_root_volume", "Whether the instance is deployed to this disk (at most one disk). Default false."
                + " Optional.");
        p.put("share_physical_disks", "Whether other logical disks may use the same physical disks. Default false."
                + " Optional.");
        p.put("disk_type", "Physical disk kind to build on, hdd or ssd; any when not given. Optional.");
        p.put("interface_type", "Physical disk interface to build on, sata, scsi or sas; any when not given."
                + " Optional.");
        p.put("number_of_physical_disks", "How many physical disks to use; the RAID level's minimum when not given."
                + " Optional.");
        p.put("controller", "The RAID controller to build the disk on; chosen by the driver when not given."
                + " Optional.");
        p.put("physical_disks", "The physical disks to build on (needs controller); chosen by the driver when not"
                + " given. Optional.");
        return java.util.Collections.unmodifiableMap(p);
    }

    /** The logical-disk properties and their descriptions. */
    public static Map<String, String> logicalDiskProperties() {
        return PROPERTIES;
    }

    /** Checks {@code config} against the schema; {@link InvalidInputException} with the first problem. */
    public static void validate(JsonDict config) {
        JsonNode root = config.toObjectNode();
        extra(root, Set.of("logical_disks"));
        JsonNode disks = root.get("logical_disks");
        if (disks == null) {
            throw error("'logical_disks' is a required property");
        }
        if (!disks.isArray()) {
            throw error(disks + " is not of type 'array'");
        }
        if (disks.isEmpty()) {
            throw error("[] should be non-empty");
        }
        int roots = 0;
        for (JsonNode disk : disks) {
            checkDisk(disk);
            if (disk.path("is_root_volume").asBoolean(false)) {
                roots++;
            }
        }
        if (roots > 1) {
            throw new InvalidInputException("Raid config cannot have more than one root volume. " + roots
                    + " root volumes were specified");
        }
    }

    private static void checkDisk(JsonNode disk) {
        if (!disk.isObject()) {
            throw error(disk + " is not of type 'object'");
        }
        extra(disk, PROPERTIES.keySet());
        for (String required : List.of("raid_level", "size_gb")) {
            if (!disk.has(required)) {
                throw error("'" + required + "' is a required property");
            }
        }
        enumOf(disk.get("raid_level"), LEVELS);
        JsonNode size = disk.get("size_gb");
        boolean sizeOk = (size.isIntegralNumber() && size.asLong() >= 0) || (size.isTextual() && size.asText()
                .equals("MAX"));
        if (!sizeOk) {
            throw error(size + " is not valid under any of the given schemas");
        }
        text(disk, "volume_name");
        text(disk, "controller");
        bool(disk, "is_root_volume");
        bool(disk, "share_physical_disks");
        if (disk.has("disk_type")) {
            enumOf(disk.get("disk_type"), List.of("hdd", "ssd"));
        }
        if (disk.has("interface_type")) {
            enumOf(disk.get("interface_type"), List.of("sata", "scsi", "sas"));
        }
        JsonNode count = disk.get("number_of_physical_disks");
        if (count != null) {
            if (!count.isIntegralNumber()) {
                throw error(count + " is not of type 'integer'");
            }
            if (count.asLong() <= 0) {
                throw error(count + " is less than or equal to the minimum of 0");
            }
        }
        JsonNode physical = disk.get("physical_disks");
        if (physical != null) {
            boolean strings = physical.isArray() && allOf(physical, JsonNode::isTextual);
            boolean objects = physical.isArray() && physical.size() >= 2 && allOf(physical, JsonNode::isObject);
            if (!strings && !objects) {
                throw error(physical + " is not valid under any of the given schemas");
            }
            if (!disk.has("controller")) {
                throw error("'controller' is a dependency of 'physical_disks'");
            }
        }
    }

    private static boolean allOf(JsonNode array, java.util.function.Predicate<JsonNode> test) {
        for (JsonNode item : array) {
            if (!test.test(item)) {
                return false;
            }
        }
        return true;
    }

    private static void extra(JsonNode object, Set<String> allowed) {
        List<String> unexpected = new ArrayList<>();
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                unexpected.add("'" + name + "'");
            }
        }
        if (!unexpected.isEmpty()) {
            throw error("Additional properties are not allowed (" + String.join(", ", unexpected)
                    + (unexpected.size() == 1 ? " was" : " were") + " unexpected)");
        }
    }

    private static void enumOf(JsonNode value, List<String> choices) {
        if (!value.isTextual()) {
            throw error(value + " is not of type 'string'");
        }
        if (!choices.contains(value.asText())) {
            throw error("'" + value.asText() + "' is not one of ['" + String.join("', '", choices) + "']");
        }
    }

    private static void text(JsonNode disk, String key) {
        JsonNode value = disk.get(key);
        if (value != null && !value.isTextual()) {
            throw error(value + " is not of type 'string'");
        }
    }

    private static void bool(JsonNode disk, String key) {
        JsonNode value = disk.get(key);
        if (value != null && !value.isBoolean()) {
            throw error(value + " is not of type 'boolean'");
        }
    }

    private static InvalidInputException error(String message) {
        return new InvalidInputException("RAID config validation error: " + message);
    }
}
