package dev.ferrum.agent.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandProgress;
import dev.ferrum.agent.command.VersionMismatchException;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepInterface;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.json.WireJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IPA's {@code service} extension (API 1.87 servicing): {@code get_service_steps} lists only the managers'
 * service steps with their versions, {@code execute_service_step} runs one, checking {@code service_version}.
 */
class ServiceStepCommandsTest {
    private final ObjectMapper json = WireJson.newMapper();
    private final List<String> ran = new CopyOnWriteArrayList<>();
    @TempDir
    Path root;

    /** Offers {@code rebuild_array} for servicing only, and {@code wipe} for cleaning only. */
    final class ServicingManager implements HardwareManager, StepProvider {
        @Override
        public String name() {
            return "servicing_manager";
        }

        @Override
        public String version() {
            return "2.0";
        }

        @Override
        public SupportLevel evaluateSupport(MachineContext machine) {
            return SupportLevel.MAINLINE;
        }

        @Override
        public List<Step<?, ?>> steps(StepKind kind) {
            return switch (kind) {
                case SERVICE -> List.of(Step.withoutArguments("rebuild_array", 0, context -> {
                    ran.add("rebuild_array");
                    return Map.of("rebuilt", true);
                }).onInterface(StepInterface.RAID));
                case CLEAN -> List.of(Step.withoutArguments("wipe", 10, context -> null));
                case DEPLOY -> List.of();
            };
        }
    }

    private CommandDefinition command(StepCommands commands, String name) {
        return commands.definitions().stream().filter(d -> d.fullName().equals(name)).findFirst().orElseThrow();
    }

    private StepCommands commands() {
        MachineContext machine = new MachineContext(root, new dev.ferrum.hardware.spi.FakeCommandRunner());
        var registry = HardwareManagerRegistry.select(new HardwareManagerDiscovery.Discovered(
                List.of(new ServicingManager()), List.of()), machine);
        return new StepCommands(registry, json);
    }

    private ObjectNode params(String text) throws Exception {
        return (ObjectNode) json.readTree(text);
    }

    @Test
    void listsTheServiceStepsAndRunsOneUnderTheListedVersions() throws Exception {
        StepCommands commands = commands();
        JsonNode listed = command(commands, "service.get_service_steps").handler()
                .run(params("{\"node\":{},\"ports\":[]}"), new CommandProgress()).orElseThrow();
        JsonNode steps = listed.path("service_steps");
        assertThat(steps.findValuesAsText("step")).containsExactly("rebuild_array");
        assertThat(steps.findValuesAsText("interface")).containsExactly("raid");
        assertThat(listed.path("hardware_manager_version").path("servicing_manager").asText()).isEqualTo("2.0");

        JsonNode result = command(commands, "service.execute_service_step").handler().run(params("{\"step\":"
                + "{\"interface\":\"raid\",\"step\":\"rebuild_array\",\"args\":{},\"priority\":0},\"node\":{},"
                + "\"ports\":[],\"service_version\":{\"servicing_manager\":\"2.0\"}}"), new CommandProgress()).orElseThrow();
        assertThat(ran).containsExactly("rebuild_array");
        assertThat(result.path("service_step").path("step").asText()).isEqualTo("rebuild_array");
        assertThat(result.path("service_result").path("rebuilt").asBoolean()).isTrue();
    }

    @Test
    void anotherManagerVersionIsAVersionMismatchAndNothingRuns() throws Exception {
        StepCommands commands = commands();
        assertThatThrownBy(() -> command(commands, "service.execute_service_step").handler().run(params("{\"step\":"
                + "{\"interface\":\"raid\",\"step\":\"rebuild_array\"},\"node\":{},\"ports\":[],"
                + "\"service_version\":{\"servicing_manager\":\"1.0\"}}"), new CommandProgress()))
                .isInstanceOf(VersionMismatchException.class);
        assertThat(ran).isEmpty();
    }
}
