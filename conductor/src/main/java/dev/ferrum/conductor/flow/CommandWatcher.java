package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.protocol.command.CommandResult;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * Moves a flow on when the agent step command it waits for finishes (a deploy, clean or service step), instead
 * of at the agent's next heartbeat.
 * IPA (and Ferrum's agent) heartbeat when a command ends, but never sooner than 5 s after the previous
 * heartbeat: a step that ends soon after the heartbeat that started it (an image write of seconds) would
 * otherwise sit out the rest of those 5 s. So for each command a flow starts that answers RUNNING, one
 * {@code GET /v1/commands/<id>?wait=true} (IPA's API) waits for it, for at most {@link #LONGEST}; when it
 * answers finished, the node's flow is moved on exactly as a heartbeat moves it, provided the node still
 * waits in the same state for the same step with the same agent. Anything else (a command still running,
 * an agent that does not answer, a node that moved on) leaves the flow to the heartbeats, as before: the
 * agent's heartbeat timing is unchanged, and a stock agent is watched the same way.
 */
final class CommandWatcher {
    private static final System.Logger LOG = System.getLogger(CommandWatcher.class.getName());
    /**
     * The longest one watch waits. By then the agent's own prompt heartbeat is no longer held back by its
     * 5 s spacing (unless a periodic heartbeat just went), so waiting longer would gain nothing.
     */
    static final Duration LONGEST = Duration.ofSeconds(60);

    private final FlowContext context;
    private final NodeWork work;
    private volatile BiConsumer<NodeLock, Node> moveOn = (lock, node) -> { };

    CommandWatcher(FlowContext context, NodeWork work) {
        this.context = context;
        this.work = work;
    }

    /** How a finished command moves the flow on: the heartbeat's own path, set once when the flows are built. */
    void moveOnWith(BiConsumer<NodeLock, Node> heartbeatPath) {
        this.moveOn = Objects.requireNonNull(heartbeatPath);
    }

    /**
     * Watches {@code started}, a command {@code waiting} (stored in its wait state, at the step that sent it)
     * has just sent; returns at once.
     */
    void watch(Node waiting, CommandResult started) {
        if (started.isFinished() || waiting.internal().agentUrl().isEmpty()) {
            return;
        }
        Waiting was = Waiting.of(waiting);
        AgentEndpoint agent = AgentEndpoint.of(waiting);
        Thread.ofVirtual().name("ferrum-command-watch").start(() -> {
            CommandResult result;
            try {
                result = context.agent.awaitCommand(agent, started.id(), LONGEST);
            } catch (RuntimeException unanswered) {
                LOG.log(System.Logger.Level.DEBUG, "node=" + waiting.uuid() + " command " + started.id()
                        + " not watched to its end; the next heartbeat moves the flow on: " + unanswered.getMessage());
                return;
            }
            if (result.isFinished()) {
                work.submit(waiting.uuid(), "finished agent command", lock -> {
                    Node node = context.store.nodes().get(waiting.uuid());
                    if (Waiting.of(node).equals(was)) {
                        moveOn.accept(lock, node);
                    }
                });
            }
        });
    }

    /** What must not have changed between the command's start and its end for its end to move the flow on. */
    private record Waiting(UUID node, ProvisionState state, Optional<StepPlan> plan, Optional<String> token,
                           boolean rebooting, boolean maintenance) {
        static Waiting of(Node node) {
            return new Waiting(node.uuid(), node.provisionState(), node.internal().stepPlan(),
                    node.internal().agentToken().map(t -> t.value()), node.internal().stepReboot().isPresent(),
                    node.maintenance());
        }
    }
}
