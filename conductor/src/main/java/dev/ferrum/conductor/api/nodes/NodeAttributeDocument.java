package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeAttributes;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The writable side of {@link NodeAttributes} for {@link NodeDocument}: which attribute fields a create
 * body and a PATCH may name (Ironic's create schema and its patchable fields differ: {@code protected}
 * only by PATCH, {@code boot_mode}/{@code secure_boot} only on create), their JSON types, and Ironic's
 * rules on protection and retirement. {@code fault} and {@code conductor} are the conductor's to set.
 */
final class NodeAttributeDocument {
    static final Set<String> ON_CREATE = Set.of("description", "owner", "lessee", "retired", "retired_reason",
            "network_data", "shard", "boot_mode", "secure_boot", "parent_node");
    static final Set<String> ON_PATCH = Set.of("description", "owner", "lessee", "protected", "protected_reason",
            "retired", "retired_reason", "network_data", "shard", "parent_node");
    private static final Pattern CONDUCTOR_GROUP = Pattern.compile("[a-zA-Z0-9_\\-.]{0,255}");
    /** Ironic's limit on a node's description. */
    static final int DESCRIPTION_MAX = 4096;

    private NodeAttributeDocument() {
    }

    static boolean handles(String key) {
        return ON_CREATE.contains(key) || ON_PATCH.contains(key);
    }

    /** Adds the patchable attribute fields to a PATCH's base document. */
    static void putPatchable(ObjectNode doc, NodeAttributes a) {
        doc.put("description", a.description().orElse(null));
        doc.put("owner", a.owner().orElse(null));
        doc.put("lessee", a.lessee().orElse(null));
        doc.put("protected", a.isProtected());
        doc.put("protected_reason", a.protectedReason().orElse(null));
        doc.put("retired", a.retired());
        doc.put("retired_reason", a.retiredReason().orElse(null));
        doc.set("network_data", a.networkData().toObjectNode());
        doc.put("shard", a.shard().orElse(null));
        doc.put("parent_node", a.parentNode().map(UUID::toString).orElse(null));
    }

    /** {@code base} with the attribute fields {@code values} names; fields it does not name stay. */
    static NodeAttributes apply(NodeAttributes base, ObjectNode values) {
        NodeAttributes a = base;
        if (values.has("description")) {
            Optional<String> description = text(values, "description");
            if (description.filter(d -> d.length() > DESCRIPTION_MAX).isPresent()) {
                throw new InvalidInputException("Cannot update node with description exceeding " + DESCRIPTION_MAX
                        + " characters");
            }
            a = a.withDescription(description);
        }
        if (values.has("owner")) {
            a = a.withOwner(text(values, "owner"));
        }
        if (values.has("lessee")) {
            a = a.withLessee(text(values, "lessee"));
        }
        if (values.has("shard")) {
            a = a.withShard(text(values, "shard"));
        }
        if (values.has("parent_node")) {
            // The resource turned a name into the parent's uuid (NodeParents); anything else is no node.
            Optional<String> parent = text(values, "parent_node");
            a = a.withParentNode(parent.map(p -> NodeParents.uuid(p).orElseThrow(() -> NodeParents.invalid(p))));
        }
        if (values.has("network_data")) {
            a = a.withNetworkData(networkData(values.get("network_data")));
        }
        if (values.has("protected") || values.has("protected_reason")) {
            boolean on = values.has("protected") ? bool(values, "protected").orElse(false) : a.isProtected();
            Optional<String> reason = values.has("protected_reason") ? text(values, "protected_reason")
                    : a.protectedReason();
            a = a.withProtection(on, reason);
        }
        if (values.has("retired") || values.has("retired_reason")) {
            boolean on = values.has("retired") ? bool(values, "retired").orElse(false) : a.retired();
            Optional<String> reason = values.has("retired_reason") ? text(values, "retired_reason") : a.retiredReason();
            a = a.withRetirement(on, reason);
        }
        if (values.has("boot_mode") || values.has("secure_boot")) {
            a = a.withBootMode(values.has("boot_mode") ? text(values, "boot_mode") : a.bootMode(),
                    values.has("secure_boot") ? bool(values, "secure_boot") : a.secureBoot());
        }
        return a;
    }

    /**
     * Ironic's rules on a patched node: protection only in {@code active} or {@code rescue} (409), retirement
     * never in {@code available} (409), and a reason only while its flag is (or stays) set (400); clearing the
     * flag clears its reason.
     */
    static void checkPatched(Node before, ObjectNode patched) {
        NodeAttributes old = before.attributes();
        boolean isProtected = bool(patched, "protected").orElse(false);
        if (isProtected && !old.isProtected() && before.provisionState() != ProvisionState.ACTIVE
                && before.provisionState() != ProvisionState.RESCUE) {
            throw new ConflictException("Node " + before.uuid() + " can only be made protected in provision states"
                    + " 'active' or 'rescue', the current state is '" + before.provisionState() + "'");
        }
        if (!isProtected && !old.isProtected() && text(patched, "protected_reason").isPresent()) {
            throw new InvalidInputException("The protected_reason field can only be set when protected is True");
        }
        boolean retired = bool(patched, "retired").orElse(false);
        if (retired && !old.retired() && before.provisionState() == ProvisionState.AVAILABLE) {
            throw new ConflictException("Node " + before.uuid() + " can not have 'retired' set in provision state"
                    + " 'available', the current state is '" + before.provisionState() + "'");
        }
        if (!retired && !old.retired() && text(patched, "retired_reason").isPresent()) {
            throw new InvalidInputException("The retired_reason field can only be set when retired is True");
        }
    }

    /**
     * A conductor group as Ironic keeps it: letters, digits, {@code _ - .} only (400 otherwise), lowercased,
     * since groups match case-insensitively and the hash ring uses the stored form.
     */
    static String conductorGroup(String group) {
        if (!CONDUCTOR_GROUP.matcher(group).matches()) {
            throw new InvalidInputException("Expected a conductor group but received " + group + ".");
        }
        return group.toLowerCase(Locale.ROOT);
    }

    private static JsonDict networkData(JsonNode value) {
        if (value.isNull()) {
            return JsonDict.empty();
        }
        if (!value.isObject()) {
            throw new InvalidInputException("Invalid network_data: " + value + " is not of type 'object'");
        }
        return JsonDict.of(((ObjectNode) value).deepCopy());
    }

    private static Optional<String> text(ObjectNode values, String key) {
        JsonNode value = values.path(key);
        if (value.isNull() || value.isMissingNode()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new InvalidInputException("Invalid " + key + ": " + value + " is not of type 'string'");
        }
        return Optional.of(value.asText());
    }

    /** A boolean as Ironic's {@code args.boolean} takes it: true/false, or their usual spellings as strings. */
    private static Optional<Boolean> bool(ObjectNode values, String key) {
        JsonNode value = values.path(key);
        if (value.isNull() || value.isMissingNode()) {
            return Optional.empty();
        }
        if (value.isBoolean()) {
            return Optional.of(value.asBoolean());
        }
        if (value.isTextual()) {
            switch (value.asText().toLowerCase(Locale.ROOT)) {
                case "true", "1", "yes", "on", "y", "t" -> {
                    return Optional.of(true);
                }
                case "false", "0", "no", "off", "n", "f" -> {
                    return Optional.of(false);
                }
                default -> { }
            }
        }
        throw new InvalidInputException("Invalid " + key + ": " + value + " is not a boolean (true or false)");
    }
}
