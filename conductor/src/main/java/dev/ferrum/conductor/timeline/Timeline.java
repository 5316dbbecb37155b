package dev.ferrum.conductor.timeline;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The one way anything other than a provision transition (which {@link Store#transition} records itself) lands in
 * a node's timeline. Recording is best effort: the action it describes has already happened, so a store failure
 * here is logged and never undoes or fails it.
 */
public final class Timeline {
    private static final System.Logger LOG = System.getLogger(Timeline.class.getName());

    private final Store store;
    private final String conductor;
    private final Clock clock;

    public Timeline(Store store, String conductor, Clock clock) {
        this.store = store;
        this.conductor = conductor;
        this.clock = clock;
    }

    /** What to record: Ironic's event type, Ferrum's kind, the text an operator reads, the facts behind it. */
    public record Entry(String eventType, String kind, NodeEvent.Severity severity, String message,
                        Optional<String> user, ObjectNode details) {
        public static Entry of(String eventType, String kind, NodeEvent.Severity severity, String message) {
            return new Entry(eventType, kind, severity, message, Optional.empty(),
                    JsonNodeFactory.instance.objectNode());
        }

        /** The same entry asked for by {@code who} (the API caller). */
        public Entry by(Optional<String> who) {
            return new Entry(eventType, kind, severity, message, who, details);
        }

        /** The same entry with a detail added. */
        public Entry with(String key, String value) {
            ObjectNode copy = details.deepCopy();
            copy.put(key, value);
            return new Entry(eventType, kind, severity, message, user, copy);
        }

        /** The same entry with a numeric detail added. */
        public Entry with(String key, long value) {
            ObjectNode copy = details.deepCopy();
            copy.put(key, value);
            return new Entry(eventType, kind, severity, message, user, copy);
        }
    }

    /** Appends {@code entry} to the node's timeline at its current provision state. */
    public void record(Node node, Entry entry) {
        record(event(node.uuid(), node.provisionState(), entry));
    }

    /**
     * The history row {@link #record(Node, Entry)} appends for a node in {@code state}, for a writer that appends
     * it in its own transaction instead (the heartbeat batch records a first heartbeat so).
     */
    public NodeEvent event(UUID node, ProvisionState state, Entry entry) {
        return new NodeEvent(UUID.randomUUID(), node, clock.instant(), state, state, entry.kind(), entry.severity(),
                entry.message(), Optional.of(conductor), entry.eventType(), entry.kind(), entry.user(), entry.details());
    }

    /** Appends an entry its writer built whole (fields an {@link Entry} does not set), as best effort too. */
    public void record(NodeEvent event) {
        try {
            store.history().append(event);
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.WARNING, "node=" + event.nodeUuid() + " could not record " + event.event()
                    + " in its history: " + failure.getMessage());
        }
    }
}
