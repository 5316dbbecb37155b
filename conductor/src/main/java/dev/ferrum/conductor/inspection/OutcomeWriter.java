package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.inspection.rules.RuleBook;
import dev.ferrum.conductor.inspection.rules.RuleEngine;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Capabilities;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.support.net.MacAddress;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Turns what the hooks learned into stored facts, the same way for a fresh report and for reprocessing: creates
 * the missing ports, stores the processed data, merges the found properties and capabilities, then runs the
 * introspection rules over the result and records each match and action in the node's history. The caller
 * writes the returned node document, or fails the node with the rules' failure.
 */
final class OutcomeWriter {
    private static final System.Logger LOG = System.getLogger(OutcomeWriter.class.getName());

    private final Store store;
    private final Clock clock;
    private final InspectionConfig config;
    private final RuleBook rules;
    private final String conductor;

    OutcomeWriter(Store store, Clock clock, InspectionConfig config, RuleBook rules, String conductor) {
        this.store = store;
        this.clock = clock;
        this.config = config;
        this.rules = rules;
        this.conductor = conductor;
    }

    /** Applies {@code outcome} (hooks run over {@code raw}) to {@code node}; the caller holds its lock. */
    RuleEngine.Result write(Node node, InspectionOutcome outcome, JsonNode raw) {
        for (MacAddress mac : outcome.portsToCreate()) {
            Optional<Port> existing = store.ports().findByAddress(mac);
            if (existing.isEmpty()) {
                store.ports().create(Port.create(UUID.randomUUID(), mac, node.uuid(), clock.instant()));
                LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " port " + mac.value() + " created");
            } else if (!existing.get().nodeUuid().equals(node.uuid())) {
                LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " port " + mac.value()
                        + " already belongs to node " + existing.get().nodeUuid() + "; not moved");
            }
        }
        outcome.portLinks().forEach((mac, connection) -> store.ports().findByAddress(mac)
                .filter(port -> port.nodeUuid().equals(node.uuid()))
                .filter(port -> !port.localLinkConnection().equals(connection))
                .ifPresent(port -> store.ports().update(port.withLocalLinkConnection(connection), port.version())));
        outcome.portPhysicalNetworks().forEach((mac, network) -> store.ports().findByAddress(mac)
                .filter(port -> port.nodeUuid().equals(node.uuid()))
                .filter(port -> !port.physicalNetwork().equals(Optional.of(network)))
                .ifPresent(port -> store.ports().update(port.withPhysicalNetwork(Optional.of(network)),
                        port.version())));
        JsonDict properties = node.properties();
        for (Map.Entry<String, String> entry : outcome.properties().entrySet()) {
            if (config.overwriteExisting() || properties.get(entry.getKey()).isEmpty()) {
                properties = properties.with(entry.getKey(), entry.getValue());
            }
        }
        for (Map.Entry<String, JsonNode> fact : outcome.facts().entrySet()) {
            properties = properties.with(fact.getKey(), fact.getValue());
        }
        properties = withCapabilities(properties, outcome.capabilities());
        // As ironic-inspector stores it: the ramdisk's report with the hooks' keys (all_interfaces, root_disk,
        // local_gb, ...) set over it, so /data shows both what was sent and what was made of it.
        ObjectNode processed = raw instanceof ObjectNode object ? object.deepCopy() : outcome.data().objectNode();
        processed.setAll(outcome.data());
        store.introspection().save(node.uuid(), IntrospectionDataKind.PROCESSED, JsonDict.of(processed));
        RuleEngine.Result result = RuleEngine.run(rules.all(), node.toBuilder().properties(properties).build(),
                processed);
        for (String note : result.notes()) {
            boolean failed = result.failure().filter(note::equals).isPresent();
            store.history().append(new NodeEvent(UUID.randomUUID(), node.uuid(), clock.instant(),
                    node.provisionState(), node.provisionState(), "inspection rule",
                    failed ? NodeEvent.Severity.ERROR : NodeEvent.Severity.INFO, note, Optional.of(conductor)));
        }
        return result;
    }

    /** Merges found capabilities into Ironic's {@code "k:v,k:v"} string, keeping existing ones unless overwriting. */
    private JsonDict withCapabilities(JsonDict properties, Map<String, String> found) {
        if (found.isEmpty()) {
            return properties;
        }
        Map<String, String> merged = Capabilities.parse(properties.string("capabilities").orElse(""));
        found.forEach((key, value) -> {
            if (config.overwriteExisting() || !merged.containsKey(key)) {
                merged.put(key, value);
            }
        });
        return properties.with("capabilities", Capabilities.format(merged));
    }
}
