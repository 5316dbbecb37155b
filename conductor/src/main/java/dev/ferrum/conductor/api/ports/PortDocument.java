package dev.ferrum.conductor.api.ports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.support.net.MacAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The writable side of a port: the create body and the PATCH document. {@code node_uuid} and
 * {@code address} are required; a MAC is normalised to lower-case colon form by {@link MacAddress}.
 */
final class PortDocument {
    private static final Set<String> WRITABLE = Set.of("node_uuid", "address", "extra", "pxe_enabled",
            "local_link_connection", "physical_network");
    /** Ironic port fields Ferrum does not keep; only their empty value is accepted. */
    private static final Set<String> NOT_KEPT = Set.of("portgroup_uuid", "is_smartnic", "name", "internal_info");

    private PortDocument() {
    }

    static Port fromCreate(ObjectNode body, Instant now) {
        List<String> unknown = new ArrayList<>();
        body.fieldNames().forEachRemaining(key -> {
            if (!WRITABLE.contains(key) && !key.equals("uuid")) {
                JsonNode value = body.get(key);
                boolean empty = value.isNull() || (value.isBoolean() && !value.asBoolean());
                if (!(NOT_KEPT.contains(key) && empty)) {
                    unknown.add(key);
                }
            }
        });
        if (!unknown.isEmpty()) {
            throw new InvalidInputException("Unknown or unsupported attribute(s) for a port: "
                    + String.join(", ", unknown) + ".");
        }
        if (!body.hasNonNull("node_uuid") || !body.hasNonNull("address")) {
            throw new InvalidInputException("Mandatory field(s) missing: a port needs \"node_uuid\" and \"address\".");
        }
        UUID uuid = body.hasNonNull("uuid") ? uuid(body.get("uuid"), "uuid") : UUID.randomUUID();
        Port port = Port.create(uuid, MacAddresses.parse(text(body.get("address"), "address")),
                uuid(body.get("node_uuid"), "node_uuid"), now);
        return apply(port, body);
    }

    static ObjectNode patchable(Port port) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("node_uuid", port.nodeUuid().toString());
        doc.put("address", port.address().value());
        doc.set("extra", port.extra().toObjectNode());
        doc.put("pxe_enabled", port.pxeEnabled());
        doc.set("local_link_connection", port.localLinkConnection().toObjectNode());
        doc.put("physical_network", port.physicalNetwork().orElse(null));
        return doc;
    }

    static void checkPatchPath(JsonPatch.Operation operation) {
        String root = operation.path().get(0);
        if (!WRITABLE.contains(root)) {
            throw new InvalidInputException("'/" + root + "' is an internal attribute and can not be updated.");
        }
        if ((root.equals("node_uuid") || root.equals("address")) && operation.op().equals("remove")) {
            throw new InvalidInputException("'/" + root + "' is a mandatory attribute and can not be removed.");
        }
    }

    static Port fromPatched(Port port, ObjectNode patched) {
        for (String dict : List.of("extra", "local_link_connection")) {
            if (!patched.has(dict)) {
                patched.putObject(dict);
            }
        }
        if (!patched.has("pxe_enabled")) {
            patched.put("pxe_enabled", true);
        }
        if (!patched.has("physical_network")) {
            patched.putNull("physical_network");
        }
        return apply(port.withAddress(MacAddresses.parse(text(patched.get("address"), "address")))
                .withNode(uuid(patched.get("node_uuid"), "node_uuid")), patched);
    }

    private static Port apply(Port port, ObjectNode values) {
        Port out = port;
        if (values.has("extra")) {
            out = out.withExtra(dict(values.get("extra"), "extra"));
        }
        if (values.has("local_link_connection")) {
            out = out.withLocalLinkConnection(dict(values.get("local_link_connection"), "local_link_connection"));
        }
        if (values.has("pxe_enabled")) {
            // Ironic also takes the strings "true"/"false", which the stock CLI sends (--pxe-enabled false).
            out = out.withPxeEnabled(dev.ferrum.conductor.api.resources.Values.bool(values, "pxe_enabled", true));
        }
        if (values.has("physical_network")) {
            JsonNode value = values.get("physical_network");
            out = out.withPhysicalNetwork(value.isNull() ? Optional.empty()
                    : Optional.of(text(value, "physical_network")));
        }
        return out;
    }

    private static JsonDict dict(JsonNode value, String key) {
        if (value.isNull()) {
            return JsonDict.empty();
        }
        if (!value.isObject()) {
            throw new InvalidInputException("\"" + key + "\" must be a JSON object, not " + value + ".");
        }
        return JsonDict.of(((ObjectNode) value).deepCopy());
    }

    private static String text(JsonNode value, String key) {
        if (value == null || !value.isTextual()) {
            throw new InvalidInputException("\"" + key + "\" must be a string, not " + value + ".");
        }
        return value.asText();
    }

    private static UUID uuid(JsonNode value, String key) {
        try {
            return UUID.fromString(text(value, key));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("Expected a UUID for " + key + " but received " + value + ".");
        }
    }
}
