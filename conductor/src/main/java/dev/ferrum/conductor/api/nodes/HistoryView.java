package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.history.HistoryEntry;
import dev.ferrum.conductor.history.NodeEvent;

/**
 * A timeline entry as the API shows it: Ironic's node history record, then Ferrum's additive fields
 * (docs/events.md). The history endpoints and the event stream both render through here.
 */
public final class HistoryView {
    private HistoryView() {
    }

    public static ObjectNode render(ApiCall call, HistoryEntry entry) {
        NodeEvent event = entry.event();
        ObjectNode out = call.mapper().createObjectNode();
        out.put("uuid", event.uuid().toString());
        out.put("created_at", ApiTimes.format(event.createdAt()));
        out.put("severity", event.severity().name());
        out.put("event_type", event.eventType());
        out.put("event", text(event));
        out.put("conductor", event.conductor().orElse(null));
        out.put("user", event.user().orElse(null));
        out.set("links", Links.pair(call, "nodes/" + event.nodeUuid() + "/history/" + event.uuid()));
        out.put("id", entry.id());
        out.put("node_uuid", event.nodeUuid().toString());
        out.put("kind", event.kind());
        out.put("from_state", event.fromState().wireName());
        out.put("to_state", event.toState().wireName());
        out.set("details", event.details());
        return out;
    }

    /** The line an operator reads: a state change names both states and its event, then its cause. */
    private static String text(NodeEvent event) {
        String move = event.fromState() + " -> " + event.toState() + " (" + event.event() + ")";
        if (event.message().isBlank()) {
            return move;
        }
        return event.fromState() == event.toState() ? event.message() : move + ": " + event.message();
    }
}
