package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandError;
import dev.ferrum.protocol.command.CommandList;
import dev.ferrum.protocol.command.CommandResult;
import java.util.Optional;

/** Sends the flows' typed agent commands to a node's agent, and reads their outcome. */
final class AgentCommands {
    private final FlowContext context;

    AgentCommands(FlowContext context) {
        this.context = context;
    }

    /** Runs a command and waits for it to finish; a FAILED answer is returned, not thrown. */
    CommandResult runAndWait(Node node, AgentCommand command) {
        return context.agent.run(AgentEndpoint.of(node), command, true);
    }

    /** Starts a long command; the agent answers RUNNING and heartbeats when it ends. */
    CommandResult start(Node node, AgentCommand command) {
        return context.agent.run(AgentEndpoint.of(node), command, false);
    }

    /** The agent's most recent command whose name ends in {@code command} (IPA answers bare names). */
    Optional<CommandResult> latest(Node node, String command) {
        CommandList list = context.agent.commands(AgentEndpoint.of(node));
        return list.commands().reversed().stream()
                .filter(c -> c.commandName().equals(command) || c.commandName().endsWith("." + command))
                .findFirst();
    }

    /** The agent's error in one line: its message and details, as last_error should carry it. */
    static String describe(CommandResult result) {
        return result.commandError().map(AgentCommands::describe)
                .orElse("the agent reported " + result.commandStatus() + " without an error");
    }

    private static String describe(CommandError error) {
        String details = error.details().filter(d -> !d.isBlank()).map(d -> ": " + d).orElse("");
        return error.type() + ": " + error.message() + details;
    }
}
