package dev.ferrum.conductor.store;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.state.ProvisionStateMachine;
import dev.ferrum.conductor.state.Transition;
import java.util.Optional;
import java.util.UUID;

/**
 * STYLE.md rule 6's one path: table first, then one transaction that rewrites the node guarded by its
 * lock and version and appends the history entry, then the log line.
 */
final class Transitions {
    private static final System.Logger LOG = System.getLogger(Transitions.class.getName());

    private final Database db;
    private final NodeStore nodes;
    private final NodeHistoryStore history;
    private final ProvisionStateMachine machine;

    Transitions(Database db, NodeStore nodes, NodeHistoryStore history, ProvisionStateMachine machine) {
        this.db = db;
        this.nodes = nodes;
        this.history = history;
        this.machine = machine;
    }

    Node apply(NodeLock lock, long expectedVersion, ProvisionState from, ProvisionEvent event,
               NodeMutation mutation, Optional<String> message) {
        Transition transition = machine.require(from, event);
        Node stored = db.write("move node " + lock.node() + " " + transition, connection -> {
            Node current = nodes.readForWrite(connection, lock, expectedVersion);
            if (current.provisionState() != from) {
                throw new InvalidStateException("Node " + current.displayName() + " is in provision state \""
                        + current.provisionState() + "\", not \"" + from + "\"; reload it before sending \""
                        + event + "\".");
            }
            NodeBuilder builder = current.toBuilder();
            mutation.apply(builder);
            Node mutated = builder.build();
            if (mutated.provisionState() != current.provisionState()
                    || !mutated.targetProvisionState().equals(current.targetProvisionState())) {
                throw new IllegalArgumentException("node=" + current.uuid() + " the mutation of a transition may not"
                        + " set the provision state itself; the table decides it");
            }
            Node changed = mutated.toBuilder()
                    .provisionState(transition.to())
                    // A deadline belongs to the wait state it was set in; the sweeper must not see it later.
                    .editInternal(state -> transition.to().hasDeadline() ? state
                            : state.withWaitDeadline(Optional.empty()))
                    .targetProvisionState(machine.targetAfter(from, event, current.targetProvisionState()))
                    .provisionUpdatedAt(db.now())
                    .build();
            Node written = nodes.writeGuarded(connection, lock, current, changed);
            boolean failure = transition.to().isFailed() || transition.to() == ProvisionState.ERROR;
            String note = message.orElseGet(() -> failure ? written.lastError().orElse("") : "");
            history.insert(connection, new NodeEvent(UUID.randomUUID(), written.uuid(), db.now(), from,
                    transition.to(), event.eventName(), failure ? NodeEvent.Severity.ERROR : NodeEvent.Severity.INFO,
                    note, Optional.of(lock.holder()), NodeEvent.PROVISIONING, NodeEvent.TRANSITION, Optional.empty(),
                    JsonNodeFactory.instance.objectNode().put("transition", event.eventName())));
            return written;
        });
        LOG.log(System.Logger.Level.INFO, "node=" + stored.uuid() + " " + from + " -> " + transition.to()
                + " (" + event + ")");
        return stored;
    }
}
