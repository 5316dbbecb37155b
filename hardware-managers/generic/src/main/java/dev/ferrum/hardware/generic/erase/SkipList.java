package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Disks an erase must leave alone. A disk is skipped when any entry matches it, mirroring IPA's
 * {@code skip_block_devices}: a list of root-device-hint dicts such as {@code {"name": "/dev/sda"}}
 * or {@code {"serial": "S1"}}, or {@code {"volume_name": "data"}} for a software RAID volume.
 */
public record SkipList(List<SkipHint> hints) {

    public static final SkipList EMPTY = new SkipList(List.of());

    // Plain tree conversion of one hint dict into the values the hint parser reads.
    private static final ObjectMapper TREE = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> DICT = new TypeReference<>() {
    };

    public SkipList {
        hints = List.copyOf(Objects.requireNonNull(hints, "hints"));
    }

    /** A list of plain device names, as an agent's own configuration may give them. */
    public static SkipList ofDeviceNames(List<String> names) {
        return new SkipList(names.stream().map(SkipHint::ofName).toList());
    }

    /**
     * Reads Ironic's {@code properties.skip_block_devices}; missing or null means no entries.
     *
     * @throws DiskEraseException naming the bad entry, so the step fails before any disk is
     *     touched rather than erasing a disk the operator meant to protect
     */
    public static SkipList fromJson(JsonNode skipBlockDevices) {
        if (skipBlockDevices == null || skipBlockDevices.isNull() || skipBlockDevices.isMissingNode()) {
            return EMPTY;
        }
        if (!skipBlockDevices.isArray()) {
            throw new DiskEraseException("skip_block_devices must be a list of hint dicts, got "
                    + skipBlockDevices.getNodeType());
        }
        List<SkipHint> parsed = new ArrayList<>();
        for (JsonNode entry : skipBlockDevices) {
            parsed.add(parseEntry(entry));
        }
        return new SkipList(parsed);
    }

    private static SkipHint parseEntry(JsonNode entry) {
        if (!entry.isObject()) {
            throw new DiskEraseException("skip_block_devices entry " + entry + " is not a dict of hints");
        }
        ObjectNode hints = ((ObjectNode) entry).deepCopy();
        JsonNode volume = hints.remove("volume_name");
        Optional<String> volumeName = volume == null || volume.isNull() ? Optional.empty()
                : Optional.of(volume.asText());
        try {
            return new SkipHint(RootDeviceHints.parse(TREE.convertValue(hints, DICT)), volumeName);
        } catch (IllegalArgumentException e) {
            throw new DiskEraseException("skip_block_devices entry " + entry + " is invalid: " + e.getMessage()
                    + "; fix the node's properties.skip_block_devices", e);
        }
    }

    /** This list and {@code other}'s entries together. */
    public SkipList plus(SkipList other) {
        List<SkipHint> all = new ArrayList<>(hints);
        all.addAll(other.hints);
        return new SkipList(all);
    }

    /** The first entry matching {@code disk}, if any; {@code volumeNames} as in {@link SkipHint#matches}. */
    public Optional<SkipHint> match(Disk disk, Set<String> volumeNames) {
        return hints.stream().filter(h -> h.matches(disk, volumeNames)).findFirst();
    }
}
