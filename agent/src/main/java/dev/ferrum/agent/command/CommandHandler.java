package dev.ferrum.agent.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The implementation of one agent command. It returns its result document (empty for commands
 * that answer nothing, which IPA reports as {@code null}) or throws {@link CommandFailedException}
 * with the IPA error type the conductor expects; any other exception is reported as IPA's
 * {@code CommandExecutionError}. Long-running handlers report progress through {@code progress}.
 */
@FunctionalInterface
public interface CommandHandler {

    Optional<JsonNode> run(ObjectNode params, CommandProgress progress);
}
