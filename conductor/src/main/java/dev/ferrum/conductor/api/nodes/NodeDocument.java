package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import dev.ferrum.conductor.node.NodeInterfaces;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The writable side of a node: which fields a client may set on create and through PATCH, and how
 * the JSON values become a {@link Node}. A field Ironic has but Ferrum does not keep is refused with
 * a 400 saying so rather than silently dropped; read-only fields are refused as Ironic refuses them.
 */
final class NodeDocument {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<String> DICTS = Set.of("driver_info", "properties", "instance_info", "extra");
    private static final Set<String> SCALARS = Set.of("name", "driver", "resource_class", "instance_uuid",
            "conductor_group", "automated_clean");
    private static final Map<String, InterfaceKind> INTERFACES = Arrays.stream(InterfaceKind.values())
            .collect(Collectors.toMap(InterfaceKind::fieldName, k -> k));
    /** Ironic node fields Ferrum does not store; setting them is refused, not ignored. */
    private static final Set<String> NOT_KEPT = Set.of("chassis_uuid", "console_enabled", "raid_config",
            "target_raid_config", "disable_power_off");

    private NodeDocument() {
    }

    /** A new node from a create body; {@code interfaces} completes the slots the body leaves open. */
    static Node fromCreate(ObjectNode body, Instant now, InterfaceResolver interfaces) {
        List<String> unknown = new ArrayList<>();
        for (String key : iterable(body)) {
            if (key.equals("uuid") || writable(key) || NodeAttributeDocument.ON_CREATE.contains(key)) {
                continue;
            }
            if (key.equals("traits")) {
                throw new InvalidInputException("Cannot specify node traits on node creation; set them once the"
                        + " node exists.");
            }
            if (NOT_KEPT.contains(key)) {
                if (body.get(key).isNull()) {
                    continue;
                }
                throw notKept(key);
            }
            unknown.add(key);
        }
        if (!unknown.isEmpty()) {
            throw new InvalidInputException("Unknown attribute(s) for a node: " + String.join(", ", unknown) + ".");
        }
        JsonNode driver = body.get("driver");
        if (driver == null || !driver.isTextual() || driver.asText().isBlank()) {
            throw new InvalidInputException("Mandatory field missing: \"driver\" (the hardware type, e.g. ipmi).");
        }
        UUID uuid = body.hasNonNull("uuid") ? uuid(body.get("uuid"), "uuid") : UUID.randomUUID();
        NodeBuilder builder = Node.builder(uuid, driver.asText(), now);
        ObjectNode writable = body.deepCopy();
        writable.remove("uuid");
        apply(builder, writable);
        Node draft = builder.build();
        return draft.toBuilder().interfaces(interfaces.resolve(draft.driver(), draft.interfaces())).build();
    }

    /** Completes a node's interface slots for its driver (the API's {@code DriverCatalog}). */
    @FunctionalInterface
    interface InterfaceResolver {
        NodeInterfaces resolve(String driver, NodeInterfaces requested);
    }

    /** The node's writable fields, unmasked, as the document a PATCH is applied to. */
    static ObjectNode patchable(Node node) {
        ObjectNode doc = F.objectNode();
        doc.put("name", node.name().orElse(null));
        doc.put("driver", node.driver());
        doc.put("resource_class", node.resourceClass().orElse(null));
        doc.put("instance_uuid", node.instanceUuid().map(UUID::toString).orElse(null));
        doc.put("conductor_group", node.conductorGroup());
        doc.put("automated_clean", node.automatedClean().orElse(null));
        doc.set("driver_info", node.driverInfo().toObjectNode());
        doc.set("properties", node.properties().toObjectNode());
        doc.set("instance_info", node.instanceInfo().toObjectNode());
        doc.set("extra", node.extra().toObjectNode());
        for (InterfaceKind kind : InterfaceKind.values()) {
            doc.put(kind.fieldName(), node.interfaces().get(kind).orElse(null));
        }
        NodeAttributeDocument.putPatchable(doc, node.attributes());
        return doc;
    }

    /** Refuses a patch path whose first step is not a writable field, before anything is applied. */
    static void checkPatchPath(JsonPatch.Operation operation) {
        String root = operation.path().get(0);
        if (writable(root) || NodeAttributeDocument.ON_PATCH.contains(root)) {
            return;
        }
        if (NOT_KEPT.contains(root)) {
            throw notKept(root);
        }
        throw new InvalidInputException("'/" + root + "' is an internal attribute and can not be updated.");
    }

    /**
     * {@code node} with the values of a patched {@link #patchable} document. When the driver changes,
     * interface slots the patch did not name ({@code touched} holds its top-level fields) go back to
     * the new driver's defaults, as in Ironic: the old type's implementations rarely fit the new one.
     */
    static Node fromPatched(Node node, ObjectNode patched, Set<String> touched, InterfaceResolver interfaces) {
        if (!patched.path("driver").asText().equals(node.driver())) {
            for (String slot : INTERFACES.keySet()) {
                if (!touched.contains(slot)) {
                    patched.putNull(slot);
                }
            }
        }
        NodeBuilder builder = node.toBuilder();
        ObjectNode full = patchable(node);
        // Removing a top-level field resets it, as Ironic does (a dict empties, a scalar becomes null).
        for (String key : iterable(full)) {
            if (!patched.has(key)) {
                patched.set(key, DICTS.contains(key) ? F.objectNode() : F.nullNode());
            }
        }
        if (!patched.path("driver").isTextual() || patched.get("driver").asText().isBlank()) {
            throw new InvalidInputException("A node's driver can not be removed; replace it with another hardware type.");
        }
        if (patched.path("conductor_group").isNull()) {
            patched.put("conductor_group", "");
        }
        NodeAttributeDocument.checkPatched(node, patched);
        apply(builder, patched);
        Node draft = builder.build();
        return draft.toBuilder().interfaces(interfaces.resolve(draft.driver(), draft.interfaces())).build();
    }

    private static void apply(NodeBuilder builder, ObjectNode values) {
        NodeInterfaces slots = NodeInterfaces.none();
        boolean slotsGiven = false;
        for (String key : iterable(values)) {
            JsonNode value = values.get(key);
            if (NodeAttributeDocument.handles(key)) {
                continue;
            }
            if (DICTS.contains(key)) {
                JsonDict dict = dict(key, value);
                switch (key) {
                    case "driver_info" -> builder.driverInfo(dict);
                    case "properties" -> builder.properties(dict);
                    case "instance_info" -> builder.instanceInfo(dict);
                    default -> builder.extra(dict);
                }
            } else if (INTERFACES.containsKey(key)) {
                slotsGiven = true;
                Optional<String> impl = optionalText(key, value);
                if (impl.isPresent() && impl.get().isBlank()) {
                    // Ironic looks "" up as an implementation and refuses it; null asks for the default.
                    throw new InvalidInputException("\"" + key + "\" must name an interface implementation, not \""
                            + impl.get() + "\"; use null for the hardware type's default.");
                }
                if (impl.isPresent()) {
                    slots = slots.with(INTERFACES.get(key), impl.get());
                }
            } else {
                switch (key) {
                    case "name" -> builder.name(optionalText(key, value));
                    case "driver" -> builder.driver(value.asText());
                    case "resource_class" -> builder.resourceClass(resourceClass(optionalText(key, value)));
                    case "instance_uuid" -> builder.instanceUuid(value.isNull() ? Optional.empty()
                            : Optional.of(uuid(value, key)));
                    case "conductor_group" -> builder.conductorGroup(
                            NodeAttributeDocument.conductorGroup(optionalText(key, value).orElse("")));
                    case "automated_clean" -> builder.automatedClean(value.isNull() ? Optional.empty()
                            : Optional.of(bool(key, value)));
                    default -> throw new IllegalStateException("unhandled writable node field " + key);
                }
            }
        }
        if (slotsGiven) {
            builder.interfaces(slots);
        }
        builder.editAttributes(a -> NodeAttributeDocument.apply(a, values));
    }

    /** Ironic's resource classes are at most 80 characters (its schema and database column). */
    private static Optional<String> resourceClass(Optional<String> value) {
        if (value.isPresent() && value.get().length() > 80) {
            throw new InvalidInputException("Invalid resource_class: \"" + value.get() + "\" is longer than 80"
                    + " characters.");
        }
        return value;
    }

    private static boolean writable(String key) {
        return DICTS.contains(key) || SCALARS.contains(key) || INTERFACES.containsKey(key);
    }

    private static InvalidInputException notKept(String key) {
        return new InvalidInputException("Ferrum does not support the node field \"" + key + "\"; leave it out.");
    }

    private static JsonDict dict(String key, JsonNode value) {
        if (value.isNull()) {
            return JsonDict.empty();
        }
        if (!value.isObject()) {
            throw new InvalidInputException("\"" + key + "\" must be a JSON object, not " + value + ".");
        }
        return JsonDict.of(((ObjectNode) value).deepCopy());
    }

    private static Optional<String> optionalText(String key, JsonNode value) {
        if (value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new InvalidInputException("\"" + key + "\" must be a string, not " + value + ".");
        }
        return Optional.of(value.asText());
    }

    private static boolean bool(String key, JsonNode value) {
        if (!value.isBoolean()) {
            throw new InvalidInputException("\"" + key + "\" must be true or false, not " + value + ".");
        }
        return value.asBoolean();
    }

    private static UUID uuid(JsonNode value, String key) {
        try {
            if (!value.isTextual()) {
                throw new IllegalArgumentException();
            }
            return UUID.fromString(value.asText());
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("Expected a UUID for " + key + " but received " + value + ".");
        }
    }

    private static Iterable<String> iterable(ObjectNode object) {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
