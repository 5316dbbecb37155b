package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.command.CommandError;
import dev.ferrum.protocol.command.CommandList;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.command.CommandResult;
import java.util.Optional;

/** The agent commands the flows send, with IPA's parameter shapes, and the reading of their outcome. */
final class AgentCommands {
    private final FlowContext context;

    AgentCommands(FlowContext context) {
        this.context = context;
    }

    /** Runs a command and waits for it to finish; a FAILED answer is returned, not thrown. */
    CommandResult runAndWait(Node node, String name, ObjectNode params) {
        return context.agent.run(AgentEndpoint.of(node), new CommandRequest(name, params), true);
    }

    /** Starts a long command; the agent answers RUNNING and heartbeats when it ends. */
    CommandResult start(Node node, String name, ObjectNode params) {
        return context.agent.run(AgentEndpoint.of(node), new CommandRequest(name, params), false);
    }

    /** {@code {node, ports}}: what {@code get_deploy_steps} and {@code get_clean_steps} take. */
    ObjectNode nodeAndPorts(Node node) {
        ObjectNode params = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        params.set("node", context.agentNode(node));
        params.putArray("ports").addAll(context.agentPorts(node));
        return params;
    }

    /** The agent's most recent command whose name ends in {@code command} (IPA answers bare names). */
    Optional<CommandResult> latest(Node node, String command) {
        CommandList list = context.agent.commands(AgentEndpoint.of(node));
        return list.commands().reversed().stream()
                .filter(c -> c.commandName().equals(command) || c.commandName().endsWith("." + command))
                .findFirst();
    }

    /**
     * The {@code clean_version}/{@code deploy_version} param: the manager versions the agent reported
     * with its steps, which it compares with its own (empty when none were reported).
     */
    static ObjectNode versions(Optional<CachedSteps> cached) {
        ObjectNode versions = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        cached.ifPresent(c -> c.managerVersions().forEach(versions::put));
        return versions;
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
