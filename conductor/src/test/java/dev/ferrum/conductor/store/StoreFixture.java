package dev.ferrum.conductor.store;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.UUID;

/**
 * What every store contract needs: the store under test, its clock, a second store on the same
 * database (a second conductor process), and small builders for nodes and ports.
 */
interface StoreFixture {
    Instant T0 = Instant.parse("2026-11-22T02:19:35.598981Z");
    String CONDUCTOR_A = "conductor-a.example";
    String CONDUCTOR_B = "conductor-b.example";

    Store store();

    TestClock clock();

    /** Another store (own connection pool) on the same database, closed after the test. */
    Store openAnotherStore();

    /** Another store on the same database that seals driver_info secrets with {@code sealer}. */
    Store openAnotherStore(DriverInfoSealer sealer);

    /** The node's driver_info column as the database holds it, read with plain JDBC. */
    String rawDriverInfo(UUID node);

    default NodeBuilder newNode() {
        return Node.builder(UUID.randomUUID(), "ipmi", T0);
    }

    default Node createNode(String name) {
        return store().nodes().create(newNode().name(name).build());
    }

    default Port createPort(UUID node, String mac) {
        return store().ports().create(Port.create(UUID.randomUUID(), MacAddresses.parse(mac), node, T0));
    }

    default NodeLock lock(UUID node) {
        return store().locks().acquire(node, CONDUCTOR_A);
    }

    static JsonDict json(String text) {
        try {
            return JsonDict.of((ObjectNode) JsonMapper.builder().build().readTree(text));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
