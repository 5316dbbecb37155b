package dev.ferrum.hardware.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoArguments;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.NodeSection;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepArgument;
import dev.ferrum.hardware.spi.StepArgumentException;
import dev.ferrum.hardware.spi.StepInterface;
import dev.ferrum.protocol.json.WireJson;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class StepJsonTest {
    private final ObjectMapper json = WireJson.newMapper();
    private final StepJson steps = new StepJson(json);
    private final MachineContext machine = new MachineContext(Path.of("/nonexistent-fixture"), new FakeCommandRunner());

    /** Arguments as a vendor declares them: described components become argsinfo. */
    public record RaidArguments(
            @StepArgument("RAID level to build, e.g. \"1\"") String raidLevel,
            @StepArgument("How many disks to use; all when absent") Optional<Integer> diskCount,
            boolean internalFlag) {
    }

    /** A typed result, reported as the step's JSON result. */
    public record RaidResult(String volume, int disks) {
    }

    private ObjectNode tree(String text) throws Exception {
        return (ObjectNode) json.readTree(text);
    }

    private static Step<RaidArguments, RaidResult> raidStep() {
        return Step.of("create_configuration", 0, RaidArguments.class,
                (args, context) -> new RaidResult("/dev/md0", args.diskCount().orElse(2)))
                .onInterface(StepInterface.RAID).requestingReboot();
    }

    @Test
    void theWireStepCarriesArgsinfoFromTheDescribedComponents() throws Exception {
        JsonNode wire = json.valueToTree(steps.wire(raidStep()));

        assertThat(wire).isEqualTo(tree("""
                {"step": "create_configuration", "priority": 0, "interface": "raid", "reboot_requested": true,
                 "argsinfo": {
                   "raid_level": {"description": "RAID level to build, e.g. \\"1\\"", "required": true},
                   "disk_count": {"description": "How many disks to use; all when absent", "required": false}}}
                """));
    }

    @Test
    void aStepWithoutArgumentsListsAsIpaListsIt() throws Exception {
        Step<NoArguments, NoResult> step = Step.<NoResult>withoutArguments("erase_devices_metadata", 99,
                context -> NoResult.NONE).interruptible();

        assertThat((JsonNode) json.valueToTree(steps.wire(step))).isEqualTo(tree("""
                {"step": "erase_devices_metadata", "priority": 99, "interface": "deploy",
                 "reboot_requested": false, "abortable": true}
                """));
    }

    @Test
    void argumentsAreReadIntoTheRecordAndTheResultIsWrittenBack() throws Exception {
        JsonNode result = steps.run(raidStep(), tree("{}"), tree("{\"raid_level\": \"1\", \"disk_count\": 4}"),
                machine, JsonProgress.ignored());

        assertThat(result).isEqualTo(tree("{\"volume\": \"/dev/md0\", \"disks\": 4}"));
    }

    @Test
    void argumentsThatDoNotFitTheRecordFailNamingTheStep() {
        assertThatThrownBy(() -> steps.run(raidStep(), tree("{}"), tree("{\"disk_count\": \"many\"}"), machine,
                JsonProgress.ignored()))
                .isInstanceOf(StepArgumentException.class)
                .hasMessageContaining("create_configuration").hasMessageContaining("RaidArguments");
    }

    @Test
    void noResultIsReportedAsNoResult() throws Exception {
        Step<NoArguments, NoResult> step = Step.withoutArguments("noop", 0, context -> NoResult.NONE);

        assertThat(steps.run(step, tree("{}"), tree("{\"ignored\": 1}"), machine, JsonProgress.ignored()).isNull())
                .isTrue();
    }

    @Test
    void theNodeIsReadAsTypedFields() throws Exception {
        ObjectNode node = tree("""
                {"uuid": "1be26c0b", "driver_internal_info": {"agent_erase_devices_iterations": 3},
                 "properties": {"vendor_mode": "fast"}}
                """);
        AtomicReference<String> seen = new AtomicReference<>();
        Step<NoArguments, NoResult> step = Step.withoutArguments("read_node", 0, context -> {
            seen.set(context.node().uuid() + " "
                    + context.node().field(NodeSection.DRIVER_INTERNAL_INFO, "agent_erase_devices_iterations",
                            Integer.class).orElseThrow() + " "
                    + context.node().field(NodeSection.PROPERTIES, "vendor_mode", String.class).orElseThrow() + " "
                    + context.node().field(NodeSection.EXTRA, "absent", String.class).isPresent());
            return NoResult.NONE;
        });

        steps.run(step, node, tree("{}"), machine, JsonProgress.ignored());

        assertThat(seen.get()).isEqualTo("1be26c0b 3 fast false");
    }

    @Test
    void typedProgressIsPublishedAsJsonWhenPolled() throws Exception {
        AtomicReference<Supplier<JsonNode>> published = new AtomicReference<>();
        Step<NoArguments, NoResult> step = Step.withoutArguments("slow", 0, context -> {
            context.progress().follow(() -> new RaidResult("/dev/md1", 1));
            return NoResult.NONE;
        });

        steps.run(step, tree("{}"), tree("{}"), machine, published::set);

        assertThat(published.get().get()).isEqualTo(tree("{\"volume\": \"/dev/md1\", \"disks\": 1}"));
    }
}
