package dev.ferrum.protocol.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireJson;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CommandTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void requestNameSplitsIntoExtensionAndCommand() {
        CommandRequest request = CommandRequest.of("deploy.execute_deploy_step");

        assertThat(request.extension()).isEqualTo("deploy");
        assertThat(request.command()).isEqualTo("execute_deploy_step");
        assertThat(request.params().isEmpty()).isTrue();
    }

    @Test
    void requestNameNeedsBothParts() {
        for (String name : new String[] {"sync", ".sync", "standby."}) {
            assertThatThrownBy(() -> CommandRequest.of(name))
                    .isInstanceOf(WireFormatException.class)
                    .hasMessageContaining("'" + name + "'");
        }
    }

    @Test
    void resultsSerialiseAsIpa94Does() throws Exception {
        // Captured: {"id": ..., "command_name": "sync", "command_status": "SUCCEEDED", "command_error": null,
        // "command_result": null} -- no command_params key.
        JsonNode running = mapper.valueToTree(CommandResult.running("812e7a4b", "execute_deploy_step"));

        assertThat(running.has("command_params")).isFalse();
        assertThat(running.get("command_status").asText()).isEqualTo("RUNNING");
        assertThat(running.get("command_error").isNull()).isTrue();
        assertThat(running.get("command_result").isNull()).isTrue();
        assertThat(running.has("finished")).as("helper methods are not wire fields").isFalse();
    }

    @Test
    void failedResultCarriesTheError() throws Exception {
        CommandResult failed = CommandResult.failed("1", "execute_clean_step",
                CommandError.execution("Erasing /dev/sda failed: device busy"));

        String json = mapper.writeValueAsString(failed);
        CommandResult back = WireJson.read(mapper, json, CommandResult.class);

        assertThat(back).isEqualTo(failed);
        assertThat(back.isFinished()).isTrue();
        assertThat(back.commandError()).hasValueSatisfying(error -> {
            assertThat(error.type()).isEqualTo("CommandExecutionError");
            assertThat(error.code()).isEqualTo(500);
            assertThat(error.details()).contains("Erasing /dev/sda failed: device busy");
        });
    }

    @Test
    void failedWithoutErrorIsRejected() {
        assertThatThrownBy(() -> WireJson.read(mapper,
                "{\"id\": \"1\", \"command_name\": \"sync\", \"command_status\": \"FAILED\", \"command_error\": null}",
                CommandResult.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("failed command 1 needs a command_error");
    }

    @Test
    void explicitNullResultIsEmpty() {
        CommandResult result = WireJson.read(mapper, "{\"id\": \"1\", \"command_name\": \"sync\","
                + " \"command_status\": \"SUCCEEDED\", \"command_error\": null, \"command_result\": null}",
                CommandResult.class);

        assertThat(result.commandResult()).isEmpty();
        assertThat(CommandResult.succeeded("1", "sync", Optional.empty())).isEqualTo(result);
    }

    @Test
    void statusesOtherThanRunningAreFinished() {
        assertThat(CommandStatus.RUNNING.isFinished()).isFalse();
        assertThat(CommandStatus.CLEAN_VERSION_MISMATCH.isFinished()).isTrue();
    }

    @Test
    void listKnowsTheLatestCommand() {
        CommandList list = new CommandList(java.util.List.of(CommandResult.running("a", "x"),
                CommandResult.running("b", "y")));

        assertThat(list.latest()).hasValueSatisfying(latest -> assertThat(latest.id()).isEqualTo("b"));
        assertThat(new CommandList(null).latest()).isEmpty();
    }

    @Test
    void agentStatusKeepsIpasFloatDigitForDigit() throws Exception {
        AgentStatus status = WireJson.read(mapper, "{\"started_at\": 1795315037.1820831, \"version\": \"9.4.3.dev5\"}",
                AgentStatus.class);

        assertThat(mapper.writeValueAsString(status)).contains("1.7953150371820831E9");
        assertThat(status.startedAtInstant().getEpochSecond()).isEqualTo(1795315037L);
        assertThat(AgentStatus.of(Instant.ofEpochSecond(1795315037L, 500_000_000), "1.0").startedAt())
                .isEqualTo(1795315037.5);
    }
}
