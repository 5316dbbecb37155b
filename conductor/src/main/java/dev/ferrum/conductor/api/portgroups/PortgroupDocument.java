package dev.ferrum.conductor.api.portgroups;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.resources.Values;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.portgroup.Portgroup;
import dev.ferrum.support.net.MacAddress;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The writable side of a portgroup: the create body and the PATCH document, read into
 * {@link Portgroup.Settings} with Ironic's checks ({@code mode} and {@code properties} from 1.26, a
 * logical name, a MAC address).
 */
final class PortgroupDocument {
    static final Set<String> WRITABLE = Set.of("uuid", "node_uuid", "name", "address", "standalone_ports_supported",
            "mode", "properties", "extra");
    static final Set<String> PATCHABLE = Set.of("node_uuid", "name", "address", "standalone_ports_supported",
            "mode", "properties", "extra");
    static final Map<String, Integer> SINCE = Map.of("mode", 26, "properties", 26);
    private static final Pattern LOGICAL_NAME = Pattern.compile("^[A-Za-z0-9._~-]{1,255}$");

    private PortgroupDocument() {
    }

    static ObjectNode patchable(Portgroup portgroup) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("node_uuid", portgroup.nodeUuid().toString());
        doc.put("name", portgroup.name().orElse(null));
        doc.put("address", portgroup.address().map(MacAddress::value).orElse(null));
        doc.put("standalone_ports_supported", portgroup.standalonePortsSupported());
        doc.put("mode", portgroup.mode());
        doc.set("properties", portgroup.properties().toObjectNode());
        doc.set("extra", portgroup.extra().toObjectNode());
        return doc;
    }

    /** The settings in a create body or patched document. */
    static Portgroup.Settings settings(ObjectNode doc) {
        UUID node = Values.uuid(doc, "node_uuid").orElseThrow(() -> new InvalidInputException(
                "Mandatory field missing: \"node_uuid\"."));
        Optional<String> name = Values.text(doc, "name");
        if (name.isPresent() && (!LOGICAL_NAME.matcher(name.get()).matches() || looksLikeUuid(name.get()))) {
            throw new InvalidInputException("Cannot use invalid name '" + name.get() + "' for a portgroup: use"
                    + " letters, digits and . _ ~ - only.");
        }
        Optional<MacAddress> address = Values.text(doc, "address").map(MacAddresses::parse);
        String mode = Values.text(doc, "mode").orElse(Portgroup.DEFAULT_MODE);
        return new Portgroup.Settings(node, name, address, Values.bool(doc, "standalone_ports_supported", true), mode,
                Values.dict(doc, "properties"), Values.dict(doc, "extra"));
    }

    private static boolean looksLikeUuid(String text) {
        try {
            return UUID.fromString(text).toString().equalsIgnoreCase(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
