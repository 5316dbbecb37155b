package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
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
 * nothing: their agents keep heartbeating and the sweeper enforces their deadlines.
 */
public final class Recovery {
    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    private final Store store;
    private final String conductor;
    private final Duration conductorTimeout;

    public Recovery(Store store, String conductor, Duration conductorTimeout) {
        this.store = store;
        this.conductor = conductor;
        this.conductorTimeout = conductorTimeout;
    }

    /** Runs the recovery; returns the nodes it failed. */
    public List<UUID> recover() {
        int own = store.locks().releaseAllHeldBy(conductor);
        if (own > 0) {
            LOG.log(System.Logger.Level.WARNING, "released " + own + " locks this conductor held before it restarted");
        }
        store.locks().breakLocksOfDeadConductors(conductorTimeout);
        List<UUID> failed = new ArrayList<>();
        List<ProvisionState> stuck = Arrays.stream(ProvisionState.values()).filter(ProvisionState::isFailedOnTakeover)
                .toList();
        for (ProvisionState state : stuck) {
            if (store.stateMachine().next(state, ProvisionEvent.FAIL).isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "state " + state + " has no fail transition; nodes left in it"
                        + " need an operator");
                continue;
            }
            for (Node node : nodesIn(state)) {
                if (node.reservation().isPresent()) {
                    continue;
                }
                store.locks().tryAcquire(node.uuid(), conductor).ifPresent(lock -> {
                    try {
                        Node current = store.nodes().get(node.uuid());
                        if (current.provisionState() == state) {
                            String error = "The conductor working on this node stopped while it was \"" + state
                                    + "\"; conductor " + conductor + " failed it on restart or takeover, as that"
                                    + " work lived in the stopped process and cannot be resumed. Retry the action.";
                            store.transition(lock, current.version(), state, ProvisionEvent.FAIL,
                                    b -> b.lastError(error));
                            failed.add(node.uuid());
                        }
                    } finally {
                        store.locks().release(lock);
                    }
                });
            }
        }
        return failed;
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
