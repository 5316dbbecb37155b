package dev.ferrum.protocol.command;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Optional;

/** {@code GET /v1/commands/}: every command the agent ran since it started, oldest first. */
public record CommandList(List<CommandResult> commands) {

    public CommandList {
        commands = WireValues.listOrEmpty(commands);
    }

    /** The most recent command, which the conductor polls for completion; empty before the first. */
    public Optional<CommandResult> latest() {
        return commands.isEmpty() ? Optional.empty() : Optional.of(commands.getLast());
    }
}
