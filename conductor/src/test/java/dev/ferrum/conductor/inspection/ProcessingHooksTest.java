package dev.ferrum.conductor.inspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.json.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Loading the configured hooks (in the configured order, an unknown name refused at start) and running them over a
 * report (in order, the first failure ending the run). Site hooks' options: hooks/SiteHooksTest.
 */
class ProcessingHooksTest {
    private static final ObjectMapper JSON = WireJson.newMapper();

    @Test
    void hooksComeInTheConfiguredOrderNotTheProvidersOrder() {
        assertThat(ProcessingHooks.load(List.of("ports", "scheduler", "ramdisk_error")))
                .extracting(ProcessingHook::name).containsExactly("ports", "scheduler", "ramdisk_error");
    }

    @Test
    void anUnknownHookStopsTheStartNamingTheAvailableOnes() {
        assertThatThrownBy(() -> ProcessingHooks.load(List.of("scheduler", "no_such_hook")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No processing hook named \"no_such_hook\"")
                .hasMessageContaining("scheduler");
    }

    @Test
    void theHooksRunInOrderAndTheFirstFailureEndsTheRun() {
        List<String> ran = new ArrayList<>();
        ContinueBody report = ContinueBody.parse(JSON, JSON.createObjectNode().put("ipmi_address", "192.0.2.1")
                .set("macs", JSON.createArrayNode().add("02:fc:00:00:00:01")));
        List<ProcessingHook> hooks = List.of(recording("first", ran, false), recording("second", ran, true),
                recording("third", ran, false));

        assertThatThrownBy(() -> ProcessingHooks.run(hooks, TestNodes.node("fake-hardware", Map.of()), report))
                .isInstanceOf(InspectionException.class).hasMessage("second failed");
        assertThat(ran).containsExactly("first", "second");
        ran.clear();

        ProcessingHooks.run(hooks.subList(0, 1), TestNodes.node("fake-hardware", Map.of()), report);
        assertThat(ran).as("a run without a failing hook runs each once").containsExactly("first");
    }

    private static ProcessingHook recording(String name, List<String> ran, boolean fails) {
        return new ProcessingHook() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void process(ContinueBody report, InspectionOutcome outcome) {
                ran.add(name);
                if (fails) {
                    throw new InspectionException(name + " failed");
                }
            }
        };
    }
}
