package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.support.net.MacAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the processing hooks learned about one node, filled in hook order: the node's properties
 * and capabilities they propose (as strings, as inspector stores them), the structured hardware facts
 * they record, its usable NICs, the ports to create with their switch links and physical networks, the
 * root disk, and the processed data document stored for {@code /data}. Confined to the one request that
 * processes a report.
 */
public final class InspectionOutcome {
    private final Node node;
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final Map<String, String> capabilities = new LinkedHashMap<>();
    private final List<MacAddress> interfaces = new ArrayList<>();
    private final List<MacAddress> ports = new ArrayList<>();
    private final Map<MacAddress, JsonDict> links = new LinkedHashMap<>();
    private final Map<MacAddress, String> physicalNetworks = new LinkedHashMap<>();
    private final Map<String, JsonNode> facts = new LinkedHashMap<>();
    private final ObjectNode data = JsonNodeFactory.instance.objectNode();
    private Optional<Disk> rootDisk = Optional.empty();

    public InspectionOutcome(Node node) {
        this.node = node;
    }

    /** The node as it was when the report arrived. */
    public Node node() {
        return node;
    }

    public void proposeProperty(String key, String value) {
        properties.put(key, value);
    }

    public Map<String, String> properties() {
        return Map.copyOf(properties);
    }

    /**
     * A structured property describing hardware found (e.g. {@code accelerators}); unlike {@link #proposeProperty}
     * it replaces what the node had, so a device taken out of the machine leaves the list on re-inspection.
     */
    public void recordFact(String key, JsonNode value) {
        facts.put(key, value.deepCopy());
    }

    public Map<String, JsonNode> facts() {
        return new LinkedHashMap<>(facts);
    }

    public void proposeCapability(String key, String value) {
        capabilities.put(key, value);
    }

    public Map<String, String> capabilities() {
        return new LinkedHashMap<>(capabilities);
    }

    /** The NICs that passed validation, in report order. */
    public void keepInterface(MacAddress mac) {
        if (!interfaces.contains(mac)) {
            interfaces.add(mac);
        }
    }

    public List<MacAddress> interfaces() {
        return List.copyOf(interfaces);
    }

    public void createPort(MacAddress mac) {
        if (!ports.contains(mac)) {
            ports.add(mac);
        }
    }

    public List<MacAddress> portsToCreate() {
        return List.copyOf(ports);
    }

    /** The switch port the NIC with {@code mac} is cabled to, for its port's {@code local_link_connection}. */
    public void linkPort(MacAddress mac, JsonDict localLinkConnection) {
        links.put(mac, localLinkConnection);
    }

    public Map<MacAddress, JsonDict> portLinks() {
        return new LinkedHashMap<>(links);
    }

    /** The physical network the port with {@code mac} is on, for its port's {@code physical_network}. */
    public void placePort(MacAddress mac, String physicalNetwork) {
        physicalNetworks.put(mac, physicalNetwork);
    }

    public Map<MacAddress, String> portPhysicalNetworks() {
        return new LinkedHashMap<>(physicalNetworks);
    }

    public void rootDisk(Disk disk) {
        rootDisk = Optional.of(disk);
    }

    public Optional<Disk> rootDisk() {
        return rootDisk;
    }

    /** The processed data document; hooks add their keys to it. */
    public ObjectNode data() {
        return data;
    }
}
