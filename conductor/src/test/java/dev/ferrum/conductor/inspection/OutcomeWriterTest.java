package dev.ferrum.conductor.inspection;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.inspection.rules.RuleBook;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.support.net.MacAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the writer makes of the physnet hook's port placements and the accelerators hook's facts. */
class OutcomeWriterTest {
    private static final MacAddress MAC = MacAddresses.parse("02:fc:00:00:00:01");
    private static final MacAddress OTHER = MacAddresses.parse("02:fc:00:00:00:02");

    @TempDir
    Path temp;
    private Store store;
    private OutcomeWriter writer;

    @BeforeEach
    void open() {
        Clock clock = Clock.systemUTC();
        store = Store.open(new StoreConfig.Sqlite(temp.resolve("data"), Duration.ofSeconds(10), 4), clock);
        writer = new OutcomeWriter(store, clock, InspectionConfig.defaults(),
                new RuleBook(store.inspectionRules(), List.of()), "test-conductor");
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void placedPortsGetTheirPhysicalNetworkIncludingPortsCreatedByTheSameReport() {
        Node node = store.nodes().create(TestNodes.node("fake-hardware", Map.of()));
        Port existing = store.ports().create(Port.create(UUID.randomUUID(), OTHER, node.uuid(),
                Instant.now()));
        InspectionOutcome outcome = new InspectionOutcome(node);
        outcome.createPort(MAC);
        outcome.placePort(MAC, "physnet_a");
        outcome.placePort(OTHER, "physnet_b");

        writer.write(node, outcome, JsonNodeFactory.instance.objectNode());

        assertThat(store.ports().findByAddress(MAC).orElseThrow().physicalNetwork()).contains("physnet_a");
        assertThat(store.ports().findByAddress(OTHER).orElseThrow().physicalNetwork()).contains("physnet_b");
        assertThat(store.ports().findByAddress(OTHER).orElseThrow().uuid()).isEqualTo(existing.uuid());
    }

    @Test
    void aPortOfAnotherNodeKeepsItsPhysicalNetwork() {
        Node node = store.nodes().create(TestNodes.node("fake-hardware", Map.of()));
        Node other = store.nodes().create(TestNodes.node("fake-hardware", Map.of()));
        store.ports().create(Port.create(UUID.randomUUID(), OTHER, other.uuid(), Instant.now()));
        InspectionOutcome outcome = new InspectionOutcome(node);
        outcome.placePort(OTHER, "physnet_b");

        writer.write(node, outcome, JsonNodeFactory.instance.objectNode());

        assertThat(store.ports().findByAddress(OTHER).orElseThrow().physicalNetwork()).isEqualTo(Optional.empty());
    }

    @Test
    void factsReplaceTheNodesPropertyEvenWhenNotOverwriting() {
        Node node = store.nodes().create(TestNodes.node("fake-hardware", Map.of()).toBuilder()
                .properties(JsonDict.of(JsonNodeFactory.instance.objectNode().put("accelerators", "old")
                        .put("cpus", "8")))
                .build());
        InspectionOutcome outcome = new InspectionOutcome(node);
        outcome.recordFact("accelerators", JsonNodeFactory.instance.arrayNode());
        outcome.proposeProperty("cpus", "2");

        // The caller writes the node; the result's document holds the properties it would write.
        var properties = writer.write(node, outcome, JsonNodeFactory.instance.objectNode()).node().view()
                .path("properties");

        assertThat(properties.path("accelerators").isArray()).as(properties.toString()).isTrue();
        assertThat(properties.path("accelerators")).isEmpty();
        assertThat(properties.path("cpus").asText()).as("operator-set properties survive").isEqualTo("8");
    }
}
