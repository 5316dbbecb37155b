package dev.ferrum.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.lookup.LookupNode;
import dev.ferrum.protocol.step.ExecuteStepParams;
import org.junit.jupiter.api.Test;

/** Peers send null where a dict or list is expected; records turn that into empty values, never null. */
class NullToleranceTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void nullDictsBecomeEmpty() {
        LookupNode node = WireJson.read(mapper, "{\"uuid\": \"u\", \"properties\": null, \"instance_info\": null,"
                + " \"driver_internal_info\": null, \"links\": null}", LookupNode.class);

        assertThat(node.properties().isEmpty()).isTrue();
        assertThat(node.instanceInfo().isEmpty()).isTrue();
        assertThat(node.driverInternalInfo().isEmpty()).isTrue();
        assertThat(node.links()).isEmpty();
        assertThat(node.extra()).isEmpty();
    }

    @Test
    void nullOptionalDictsBecomeEmpty() {
        CommandResult result = WireJson.read(mapper, "{\"id\": \"1\", \"command_name\": \"sync\", \"command_params\": null,"
                + " \"command_status\": \"RUNNING\", \"command_error\": null, \"command_result\": null}", CommandResult.class);
        ExecuteStepParams params = WireJson.read(mapper, "{\"step\": {\"step\": \"s\", \"interface\": \"deploy\","
                + " \"args\": null, \"priority\": null}, \"node\": null, \"ports\": null, \"clean_version\": null}",
                ExecuteStepParams.class);

        assertThat(result.commandParams()).isEmpty();
        assertThat(result.commandResult()).isEmpty();
        assertThat(params.step().args()).isEmpty();
        assertThat(params.step().priority()).isEmpty();
        assertThat(params.node().isEmpty()).isTrue();
        assertThat(params.ports()).isEmpty();
        assertThat(params.expectedVersions()).isEmpty();
    }
}
