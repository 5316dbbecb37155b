package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What a conductor does once on start so no node stays stuck: drop the locks it held before it
 * restarted and the locks of conductors that stopped heartbeating, then fail every unlocked node in a
 * state whose work lived only inside a process (deploying, cleaning, inspecting, …). Wait states need
 * nothing: their agents keep heartbeating and the sweeper enforces their deadlines. While running, a
 * conductor also {@linkplain #takeOverDeadConductors takes over} from conductors that died and stayed dead.
 */
public final class Recovery {
    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    private final Store store;
    private final String conductor;
    private final Duration conductorTimeout;
    private final List<ProvisionState> stuckStates;

    public Recovery(Store store, String conductor, Duration conductorTimeout) {
        this.store = store;
        this.conductor = conductor;
        this.conductorTimeout = conductorTimeout;
        this.stuckStates = stuckStates(store);
    }

    /** Runs the recovery; returns the nodes it failed. */
    public List<UUID> recover() {
        int own = store.locks().releaseAllHeldBy(conductor);
        if (own > 0) {
            LOG.log(System.Logger.Level.WARNING, "released " + own + " locks this conductor held before it restarted");
        }
        store.locks().breakLocksOfDeadConductors(conductorTimeout);
        List<UUID> failed = new ArrayList<>();
        for (ProvisionState state : stuckStates) {
            for (Node node : nodesIn(state)) {
                if (node.reservation().isEmpty() && failIfStuck(node.uuid(), "when it started")) {
                    failed.add(node.uuid());
                }
            }
        }
        return failed;
    }

    /**
     * What a running conductor does periodically: break the locks of conductors that stopped
     * heartbeating more than the timeout ago and fail the nodes they left in a state whose work died with
     * them. Without it such a node would wait for a conductor of the dead one's name to start again.
     * Only nodes whose lock was broken here are failed: an unlocked node in a transient state may be
     * between two steps of a live conductor's work. Returns the nodes it failed.
     */
    public List<UUID> takeOverDeadConductors() {
        List<UUID> failed = new ArrayList<>();
        for (UUID node : store.locks().breakLocksOfDeadConductors(conductorTimeout)) {
            if (failIfStuck(node, "when it took over from a conductor that stopped heartbeating")) {
                failed.add(node);
            }
        }
        return failed;
    }

    private static List<ProvisionState> stuckStates(Store store) {
        List<ProvisionState> stuck = new ArrayList<>();
        for (ProvisionState state : Arrays.stream(ProvisionState.values()).filter(ProvisionState::isFailedOnTakeover)
                .toList()) {
            if (store.stateMachine().next(state, ProvisionEvent.FAIL).isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "state " + state + " has no fail transition; nodes left in it"
                        + " need an operator");
            } else {
                stuck.add(state);
            }
        }
        return List.copyOf(stuck);
    }

    /** Fails the node if it is free and in a state whose work cannot be resumed; whether it did. */
    private boolean failIfStuck(UUID uuid, String when) {
        Optional<NodeLock> lock = store.locks().tryAcquire(uuid, conductor);
        if (lock.isEmpty()) {
            return false;
        }
        try {
            Node current = store.nodes().get(uuid);
            ProvisionState state = current.provisionState();
            if (!stuckStates.contains(state)) {
                return false;
            }
            String error = "The conductor working on this node stopped while it was \"" + state + "\"; conductor "
                    + conductor + " failed it " + when + " (restart or takeover), as that work lived in the"
                    + " stopped process and cannot be resumed. Retry the action.";
            store.transition(lock.get(), current.version(), state, ProvisionEvent.FAIL, b -> b.lastError(error));
            return true;
        } finally {
            store.locks().release(lock.get());
        }
    }

    private List<Node> nodesIn(ProvisionState state) {
        NodeQuery query = NodeQuery.all().withProvisionState(state);
        List<Node> nodes = new ArrayList<>();
        Optional<UUID> marker = Optional.empty();
        do {
            Page<Node> page = store.nodes().list(marker.map(query::after).orElse(query));
            nodes.addAll(page.items());
            marker = page.nextMarker();
        } while (marker.isPresent());
        return nodes;
    }
}
