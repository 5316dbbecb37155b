package dev.ferrum.conductor.api.policy;

import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER_OR_OWNER_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER_OR_OWNER_MEMBER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_OR_PROJECT_MEMBER;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The policies a node JSON-patch needs, as Ironic's node controller picks them: a field with its own policy
 * ({@code driver_info}, {@code owner}, the interfaces, …) is checked by that; any other field, or an empty
 * patch, by the generic {@code baremetal:node:update}; setting {@code automated_clean} false by
 * {@code baremetal:node:disable_cleaning}.
 */
final class NodePatchPolicies {
    /** A policy name and its rule. */
    record Check(String name, Rule rule) {
    }

    private static final Check GENERIC = new Check("baremetal:node:update", SYSTEM_OR_PROJECT_MEMBER);
    private static final Check INTERFACES = new Check("baremetal:node:update:driver_interfaces",
            SYSTEM_MEMBER_OR_OWNER_ADMIN);
    private static final Map<String, Check> BY_PREFIX = byPrefix();
    private static final List<String> INTERFACE_NAMES = List.of("bios", "boot", "console", "deploy", "firmware",
            "inspect", "management", "network", "power", "raid", "rescue", "storage", "vendor");

    private NodePatchPolicies() {
    }

    private static Map<String, Check> byPrefix() {
        Map<String, Check> m = new LinkedHashMap<>();
        Check instanceInfo = new Check("baremetal:node:update_instance_info", SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN);
        m.put("/instance_info", instanceInfo);
        m.put("/extra", new Check("baremetal:node:update_extra", SYSTEM_OR_PROJECT_MEMBER));
        m.put("/driver_info", new Check("baremetal:node:update:driver_info", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/properties", new Check("baremetal:node:update:properties", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/chassis_uuid", new Check("baremetal:node:update:chassis_uuid", SYSTEM_ADMIN));
        m.put("/instance_uuid", new Check("baremetal:node:update:instance_uuid", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/instance_name", instanceInfo);
        m.put("/lessee", new Check("baremetal:node:update:lessee", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/owner", new Check("baremetal:node:update:owner", SYSTEM_MEMBER));
        m.put("/driver", INTERFACES);
        m.put("/network_data", new Check("baremetal:node:update:network_data", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/conductor_group", new Check("baremetal:node:update:conductor_group", SYSTEM_MEMBER));
        m.put("/name", new Check("baremetal:node:update:name", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/retired", new Check("baremetal:node:update:retired", SYSTEM_MEMBER_OR_OWNER_MEMBER));
        m.put("/shard", new Check("baremetal:node:update:shard", SYSTEM_ADMIN));
        m.put("/parent_node", new Check("baremetal:node:update:parent_node", SYSTEM_MEMBER));
        m.put("/disable_power_off", new Check("baremetal:node:update:disable_power_off", SYSTEM_ADMIN));
        return Map.copyOf(m);
    }

    /** The checks {@code patch} needs, generic one included when some operation has no policy of its own. */
    static List<Check> of(JsonNode patch) {
        List<Check> checks = new ArrayList<>();
        boolean generic = false;
        if (patch.isArray()) {
            for (JsonNode op : patch) {
                String path = op.path("path").asText("");
                Check specific = specific(path, op.path("value"));
                if (specific == null) {
                    generic = true;
                } else if (!checks.contains(specific)) {
                    checks.add(specific);
                }
            }
        }
        if (generic || checks.isEmpty()) {
            checks.add(GENERIC);
        }
        return checks;
    }

    private static Check specific(String path, JsonNode value) {
        // Longest prefix first, so /driver_info is not taken for /driver (Ironic's order gives the same).
        Check best = null;
        int length = -1;
        for (Map.Entry<String, Check> entry : BY_PREFIX.entrySet()) {
            if (path.startsWith(entry.getKey()) && entry.getKey().length() > length) {
                best = entry.getValue();
                length = entry.getKey().length();
            }
        }
        if (best != null) {
            return best;
        }
        String field = path.startsWith("/") ? path.substring(1) : path;
        if (field.endsWith("_interface") && INTERFACE_NAMES.contains(field.substring(0, field.length()
                - "_interface".length()))) {
            return INTERFACES;
        }
        if (path.startsWith("/automated_clean") && isFalse(value)) {
            return new Check("baremetal:node:disable_cleaning", SYSTEM_ADMIN);
        }
        return null;
    }

    private static boolean isFalse(JsonNode value) {
        if (value.isBoolean()) {
            return !value.asBoolean();
        }
        return value.isTextual() && List.of("false", "0", "no", "off", "f", "n")
                .contains(value.asText().toLowerCase(Locale.ROOT));
    }
}
