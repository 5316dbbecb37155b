package dev.ferrum.conductor.inspection;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InspectionChangesTest {
    private final Node before = TestNodes.node("fake-hardware", Map.of()).toBuilder()
            .properties(JsonDict.empty().with("cpus", IntNode.valueOf(4)).with("cpu_arch", "x86_64").with("vendor", "old"))
            .resourceClass("baremetal").traits(List.of("CUSTOM_OLD", "CUSTOM_KEPT")).build();

    @Test
    void namesEveryPropertyResourceClassAndTraitThatMoved() {
        Node after = before.toBuilder()
                .properties(JsonDict.empty().with("cpus", IntNode.valueOf(8)).with("cpu_arch", "x86_64").with("memory_mb", IntNode.valueOf(4096)))
                .resourceClass("storage").traits(List.of("CUSTOM_KEPT", "CUSTOM_NVME")).build();

        assertThat(InspectionChanges.between(before, after)).containsExactly(
                "properties.cpus 4 -> 8",
                "properties.vendor removed (was \"old\")",
                "properties.memory_mb set to 4096",
                "resource_class baremetal -> storage",
                "trait CUSTOM_NVME added",
                "trait CUSTOM_OLD removed");
    }

    @Test
    void anUnchangedNodeHasNoChanges() {
        assertThat(InspectionChanges.between(before, before.toBuilder().build())).isEmpty();
    }
}
