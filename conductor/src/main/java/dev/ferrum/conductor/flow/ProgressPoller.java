package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodePages;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.protocol.command.CommandStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Keeps {@code agent_progress} fresh between heartbeats (which come every 1.5-3 minutes): every interval it asks
 * the agent of each node waiting on a running deploy or clean step for its command's status and records the
 * progress report, as a heartbeat's poll does. Only a RUNNING command is recorded; a step's outcome is left to the
 * next heartbeat, which advances the flow. A node another task holds, or whose agent does not answer, is skipped
 * until the next round.
 */
final class ProgressPoller implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ProgressPoller.class.getName());
    private static final List<ProvisionState> WAITING = List.of(ProvisionState.DEPLOY_WAIT, ProvisionState.CLEAN_WAIT);

    private final FlowContext context;
    private final AgentCommands commands;
    private final String conductor;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-progress-poller").daemon().factory());

    ProgressPoller(FlowContext context, String conductor) {
        this.context = context;
        this.commands = new AgentCommands(context);
        this.conductor = conductor;
    }

    void start(Duration interval, Predicate<Node> worksOn) {
        timer.scheduleWithFixedDelay(() -> {
            try {
                pollOnce(worksOn);
            } catch (RuntimeException failure) {
                LOG.log(System.Logger.Level.WARNING, "polling agents' progress failed; retrying next interval: "
                        + failure.getMessage(), failure);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One round; returns how many nodes' progress was recorded. */
    int pollOnce(Predicate<Node> worksOn) {
        int recorded = 0;
        for (Node listed : waiting()) {
            if (listed.reservation().isPresent() || listed.internal().agentUrl().isEmpty() || !worksOn.test(listed)) {
                continue;
            }
            Optional<NodeLock> lock = context.store.locks().tryAcquire(listed.uuid(), conductor);
            if (lock.isEmpty()) {
                continue;
            }
            try {
                if (poll(lock.get(), context.store.nodes().get(listed.uuid()))) {
                    recorded++;
                }
            } catch (RuntimeException unanswered) {
                LOG.log(System.Logger.Level.DEBUG, "node=" + listed.uuid() + " progress not polled: "
                        + unanswered.getMessage());
            } finally {
                context.store.locks().release(lock.get());
            }
        }
        return recorded;
    }

    private boolean poll(NodeLock lock, Node node) {
        if (!WAITING.contains(node.provisionState()) || node.maintenance()) {
            return false;
        }
        StepKind kind = node.provisionState() == ProvisionState.DEPLOY_WAIT ? StepKind.DEPLOY : StepKind.CLEAN;
        Optional<PlannedStep> step = node.internal().stepPlan().filter(p -> p.kind() == kind)
                .flatMap(p -> p.current());
        if (step.isEmpty()) {
            return false;
        }
        String command = kind == StepKind.DEPLOY ? "execute_deploy_step" : "execute_clean_step";
        return commands.latest(node, command).filter(c -> c.commandStatus() == CommandStatus.RUNNING)
                .map(running -> context.recordProgress(lock, node, DeployFlow.name(step.get()), running) != node)
                .orElse(false);
    }

    private List<Node> waiting() {
        List<Node> nodes = new ArrayList<>();
        for (ProvisionState state : WAITING) {
            nodes.addAll(NodePages.all(context.store.nodes(),
                    NodeQuery.all().withProvisionState(state).withMaintenance(false)));
        }
        return nodes;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
