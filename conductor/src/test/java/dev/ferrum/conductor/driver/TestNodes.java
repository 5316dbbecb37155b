package dev.ferrum.conductor.driver;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Nodes for driver tests: a driver, driver_info as strings, chosen interfaces. */
public final class TestNodes {

    private TestNodes() {
    }

    public static Node node(String driver, Map<String, String> driverInfo) {
        return node(driver, driverInfo, NodeInterfaces.none());
    }

    public static Node node(String driver, Map<String, String> driverInfo, NodeInterfaces interfaces) {
        ObjectNode info = JsonNodeFactory.instance.objectNode();
        driverInfo.forEach(info::put);
        return Node.builder(UUID.randomUUID(), driver, Instant.parse("2026-01-01T00:00:00Z"))
                .driverInfo(JsonDict.of(info))
                .interfaces(interfaces)
                .build();
    }
}
