package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.AgentBeat;
import dev.ferrum.conductor.store.NodeLock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An agent's heartbeat, from the API's 202 to the flow it moves on: recorded on the node (URL, version,
 * time, a refreshed deadline) in a group commit of narrow writes, and where the node's lock is needed,
 * recorded again under it so the deploy, clean, service or rescue flow waiting for the agent goes on.
 */
final class HeartbeatRecorder {
    private static final System.Logger LOG = System.getLogger(HeartbeatRecorder.class.getName());
    /** The states whose flow a heartbeat moves on under the node's lock (see {@link #record}). */
    private static final Set<ProvisionState> FLOW_STATES = EnumSet.of(ProvisionState.DEPLOY_WAIT,
            ProvisionState.CLEAN_WAIT, ProvisionState.SERVICE_WAIT, ProvisionState.RESCUE_WAIT);

    private final FlowContext context;
    /** This conductor, named in the history entry of a first heartbeat the batch records. */
    private final String conductor;
    private final NodeWork work;
    private final ProvisionWork provisionWork;
    private final CleanFlow clean;
    private final CleanFlow service;
    private final RescueFlow rescue;
    /** Per node, the newest heartbeat not yet recorded; present exactly while a task to record it is queued. */
    private final Map<UUID, AgentHeartbeat> pendingHeartbeats = new ConcurrentHashMap<>();
    private final HeartbeatBatches heartbeats = new HeartbeatBatches(this::recordBatch);

    HeartbeatRecorder(FlowContext context, String conductor, NodeWork work, ProvisionWork provisionWork,
            CleanFlow clean, CleanFlow service, RescueFlow rescue) {
        this.context = context;
        this.conductor = conductor;
        this.work = work;
        this.provisionWork = provisionWork;
        this.clean = clean;
        this.service = service;
        this.rescue = rescue;
    }

    /**
     * Records the heartbeat before the API answers 202 ({@link HeartbeatBatches}: one transaction for all the
     * heartbeats arriving meanwhile, each a narrow write of the heartbeat keys without the node's lock, and for an
     * agent's first heartbeat on a boot its history entry too). Where that cannot be (node locked, or a flow moves
     * on it) the store keeps the heartbeat in agent_heartbeats in that same transaction and it is queued for
     * recording under the lock; either way the 202 follows a commit, and {@link #replayKept} picks up what a crash
     * left kept.
     */
    void heartbeat(AgentHeartbeat beat) {
        AgentBeat.Outcome outcome = heartbeats.record(new AgentBeat(beat.node(), beat.callbackUrl(),
                beat.agentVersion(), beat.receivedAt(), beat.agentVerifyCa()));
        // Where the agent reads its token, learnt from every accepted heartbeat, whichever path records it: the
        // first command to it, from this conductor's flow or a later one's, then needs no probe. (Keyed by address
        // and token, so a forgotten agent's entry is never used for the new one.)
        beat.token().ifPresent(token -> beat.tokenTransport().ifPresent(transport ->
                context.agent.remember(beat.callbackUrl(), token, transport)));
        if (outcome == AgentBeat.Outcome.KEPT_FOR_LOCK) {
            recordUnderLock(beat);
        }
    }

    /** Queues the heartbeats a previous run kept but never recorded (see {@link #heartbeat}); returns how many. */
    int replayKept() {
        List<AgentBeat> kept = context.store.heartbeats().kept();
        kept.forEach(beat -> recordUnderLock(new AgentHeartbeat(beat.node(), beat.callbackUrl(), beat.agentVersion(),
                beat.receivedAt(), beat.agentVerifyCa())));
        return kept.size();
    }

    private List<AgentBeat.Outcome> recordBatch(List<AgentBeat> beats) {
        Instant now = context.clock.instant();
        Map<ProvisionState, Instant> deadlines = new EnumMap<>(ProvisionState.class);
        for (ProvisionState state : ProvisionState.values()) {
            if (state.hasDeadline()) {
                deadlines.put(state, now.plus(context.timeoutOf(state)));
            }
        }
        return context.store.heartbeats().record(beats, FLOW_STATES, deadlines,
                (beat, state) -> context.steps.firstHeartbeat(conductor, beat, state));
    }

    /**
     * Queues the heartbeat for recording under the node's lock. Heartbeats for a node are coalesced: while
     * one task for the node waits for its lock, later heartbeats only replace the one it will record
     * (the newest by receipt time wins), so a node heartbeating faster than it can be recorded costs one
     * queued task instead of an ever-growing backlog, and an older heartbeat never overwrites a newer one.
     */
    private void recordUnderLock(AgentHeartbeat beat) {
        boolean[] queueTask = {false};
        pendingHeartbeats.compute(beat.node(), (node, queued) -> {
            if (queued == null) {
                queueTask[0] = true;
                return beat;
            }
            return beat.receivedAt().isBefore(queued.receivedAt()) ? queued : beat;
        });
        if (queueTask[0]) {
            work.submit(beat.node(), "heartbeat", lock -> {
                AgentHeartbeat newest = pendingHeartbeats.remove(beat.node());
                if (newest != null) {
                    record(lock, newest);
                }
            }, () -> pendingHeartbeats.remove(beat.node()));
        }
    }

    private void record(NodeLock lock, AgentHeartbeat beat) {
        Node node = context.store.nodes().get(beat.node());
        if (node.internal().agentLastHeartbeat().filter(last -> last.isAfter(beat.receivedAt())).isPresent()) {
            // A slow request's heartbeat, overtaken by a newer one already recorded: keep the newer URL and time.
            LOG.log(System.Logger.Level.DEBUG, () -> "node=" + node.uuid()
                    + " heartbeat older than the recorded one ignored");
            context.store.heartbeats().forget(node.uuid(), beat.receivedAt());
            return;
        }
        if (beat.token().isPresent() && !node.internal().agentToken().map(AgentToken::value)
                .equals(beat.token().map(AgentToken::value))) {
            // Accepted with a token the node no longer holds: its ramdisk rebooted (after a step, or a reserved
            // reboot) while the heartbeat waited for the lock. It speaks for the old agent, not the new one.
            LOG.log(System.Logger.Level.DEBUG, () -> "node=" + node.uuid()
                    + " heartbeat from a forgotten agent ignored");
            context.store.heartbeats().forget(node.uuid(), beat.receivedAt());
            return;
        }
        if (node.internal().agentLastHeartbeat().isEmpty()) {
            context.steps.firstHeartbeat(lock, node, beat);
        }
        Duration timeout = context.timeoutOf(node.provisionState());
        boolean waits = node.provisionState().hasDeadline();
        Node recorded = context.store.nodes().update(lock, node.version(), b -> b.editInternal(s -> {
            var beaten = s.withHeartbeat(beat.callbackUrl(), beat.agentVersion(), beat.receivedAt());
            beaten = beat.agentVerifyCa().map(beaten::withAgentVerifyCa).orElse(beaten);
            return waits ? beaten.withWaitDeadline(Optional.of(context.clock.instant().plus(timeout))) : beaten;
        }));
        context.store.heartbeats().forget(recorded.uuid(), beat.receivedAt());
        if (recorded.maintenance()) {
            LOG.log(System.Logger.Level.INFO, "node=" + recorded.uuid() + " heartbeat in maintenance: recorded,"
                    + " flow not advanced");
            return;
        }
        moveOn(lock, recorded);
    }

    /**
     * Moves the flow waiting for the agent on, as a heartbeat does once recorded; also what a finished command
     * does ({@link CommandWatcher}), so both take one path.
     */
    void moveOn(NodeLock lock, Node recorded) {
        switch (recorded.provisionState()) {
            case DEPLOY_WAIT -> {
                FlowTask task = provisionWork.task(lock, recorded);
                task.driver().deploy().heartbeat(task, recorded);
            }
            case CLEAN_WAIT -> clean.heartbeat(lock, recorded);
            case SERVICE_WAIT -> service.heartbeat(lock, recorded);
            case RESCUE_WAIT -> rescue.heartbeat(lock, recorded);
            default -> LOG.log(System.Logger.Level.DEBUG, () -> "node=" + recorded.uuid() + " heartbeat in "
                    + recorded.provisionState() + ": nothing to do");
        }
    }
}
