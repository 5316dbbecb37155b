package dev.ferrum.protocol.step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepWireTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void deployStepLeavesOutAbortableAndEmptyArgsinfoLikeIpa() {
        JsonNode json = mapper.valueToTree(Step.deploy("write_image", 0));

        assertThat(json.has("abortable")).isFalse();
        assertThat(json.has("argsinfo")).isFalse();
        assertThat(json.get("interface").asText()).isEqualTo("deploy");
        assertThat(json.get("reboot_requested").asBoolean()).isFalse();
    }

    @Test
    void cleanStepKeepsAbortableTrueAndArgsinfo() {
        Step step = new Step("erase_devices", 10, "deploy", false, true,
                JsonNodeFactory.instance.objectNode().set("zeroize", JsonNodeFactory.instance.objectNode()));

        JsonNode json = mapper.valueToTree(step);

        assertThat(json.get("abortable").asBoolean()).isTrue();
        assertThat(json.get("argsinfo").has("zeroize")).isTrue();
        assertThat(mapper.convertValue(json, Step.class)).isEqualTo(step);
    }

    @Test
    void stepListsKeepManagerOrderAndFlatten() {
        CleanStepsResult result = new CleanStepsResult(Map.of("GenericHardwareManager",
                List.of(Step.deploy("erase_devices", 10), Step.deploy("erase_devices_metadata", 99))),
                Map.of("generic_hardware_manager", "1.1"));

        assertThat(result.allSteps()).extracting(Step::step).containsExactly("erase_devices", "erase_devices_metadata");
    }

    @Test
    void executeParamsExposeWhicheverVersionKeyWasSent() {
        ExecuteStepParams clean = WireJson.read(mapper, """
                {"step": {"interface": "deploy", "step": "erase_devices_metadata", "abortable": true, "priority": 99},
                 "node": {"uuid": "78f87d61"}, "ports": [],
                 "clean_version": {"generic_hardware_manager": "1.1"}}""", ExecuteStepParams.class);
        ExecuteStepParams deploy = WireJson.read(mapper, """
                {"step": {"interface": "deploy", "step": "write_image", "args": {"image_info": {}}},
                 "node": {}, "ports": [], "deploy_version": {"generic_hardware_manager": "1.1"}}""",
                ExecuteStepParams.class);

        assertThat(clean.expectedVersions()).contains(Map.of("generic_hardware_manager", "1.1"));
        assertThat(clean.step().priority()).contains(99);
        assertThat(clean.step().extra()).containsKey("abortable");
        assertThat(clean.step().argsOrEmpty().isEmpty()).isTrue();
        assertThat(deploy.expectedVersions()).contains(Map.of("generic_hardware_manager", "1.1"));
        assertThat(deploy.step().priority()).isEmpty();
        assertThat(deploy.step().argsOrEmpty().has("image_info")).isTrue();
    }

    @Test
    void invocationWithoutPriorityWritesNoPriority() {
        JsonNode json = mapper.valueToTree(StepInvocation.of("deploy", "write_image",
                JsonNodeFactory.instance.objectNode()));

        assertThat(json.has("priority")).isFalse();
        assertThat(json.get("interface").asText()).isEqualTo("deploy");
    }
}
