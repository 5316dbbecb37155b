package dev.ferrum.protocol.command;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The state of one agent command, as {@code POST /v1/commands/} and {@code GET /v1/commands/<id>}
 * return it. {@code commandName} is the bare command ({@code get_clean_steps}). IPA 9.4 does not
 * echo {@code command_params}; the key is written only when present. {@code commandResult} is the
 * command's own free-form answer, absent while running and for commands that return nothing.
 */
public record CommandResult(
        String id,
        String commandName,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<ObjectNode> commandParams,
        CommandStatus commandStatus,
        Optional<CommandError> commandError,
        Optional<JsonNode> commandResult) {

    public CommandResult {
        WireValues.requireText(id, "command result id");
        WireValues.requireText(commandName, "command result command_name");
        if (commandStatus == null) {
            throw new WireFormatException("command result " + id + " needs a command_status");
        }
        commandParams = WireValues.orEmpty(commandParams);
        commandError = WireValues.orEmpty(commandError);
        commandResult = WireValues.presentNode(commandResult);
        if (commandStatus == CommandStatus.FAILED && commandError.isEmpty()) {
            throw new WireFormatException("failed command " + id + " needs a command_error");
        }
    }

    /** A command that has started and not finished. */
    public static CommandResult running(String id, String commandName) {
        return new CommandResult(id, commandName, Optional.empty(), CommandStatus.RUNNING, Optional.empty(),
                Optional.empty());
    }

    /** A command that finished with {@code result} (empty for commands that return nothing). */
    public static CommandResult succeeded(String id, String commandName, Optional<JsonNode> result) {
        return new CommandResult(id, commandName, Optional.empty(), CommandStatus.SUCCEEDED, Optional.empty(),
                result);
    }

    /** A command that failed with {@code error}. */
    public static CommandResult failed(String id, String commandName, CommandError error) {
        return new CommandResult(id, commandName, Optional.empty(), CommandStatus.FAILED, Optional.of(error),
                Optional.empty());
    }

    @JsonIgnore
    public boolean isFinished() {
        return commandStatus.isFinished();
    }
}
