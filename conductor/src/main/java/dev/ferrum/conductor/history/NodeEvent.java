package dev.ferrum.conductor.history;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One entry of a node's timeline: what happened ({@code event}, Ironic's event name for a state
 * change, or the kind for anything else), the provision state before and after (equal when the state did not
 * move), who did it and why. {@code eventType} is Ironic's area column; {@code kind} and {@code details} are
 * Ferrum's machine-readable additions (docs/events.md lists them). Appended, never edited; deleted with the
 * node or pruned by retention.
 */
public record NodeEvent(
        UUID uuid,
        UUID nodeUuid,
        Instant createdAt,
        ProvisionState fromState,
        ProvisionState toState,
        String event,
        Severity severity,
        String message,
        Optional<String> conductor,
        String eventType,
        String kind,
        Optional<String> user,
        ObjectNode details) {

    /** Ironic's event type of a provision state change, and Ferrum's kind for it. */
    public static final String PROVISIONING = "provisioning";
    public static final String TRANSITION = "provision.transition";

    /** How much an operator should care; errors are what {@code baremetal node history list} highlights. */
    public enum Severity {
        INFO,
        WARNING,
        ERROR
    }

    public NodeEvent {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        Objects.requireNonNull(fromState, "fromState");
        Objects.requireNonNull(toState, "toState");
        if (event == null || event.isBlank()) {
            throw new IllegalArgumentException("a history entry names its event");
        }
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(conductor, "conductor");
        if (eventType == null || eventType.isBlank() || kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("a history entry names its event type and kind");
        }
        Objects.requireNonNull(user, "user");
        // A copy: the record is a value, the caller's tree may change after.
        details = Objects.requireNonNull(details, "details").deepCopy();
    }

    /** A provision state change (the shape every entry had before the timeline grew other kinds). */
    public NodeEvent(UUID uuid, UUID nodeUuid, Instant createdAt, ProvisionState fromState, ProvisionState toState,
                     String event, Severity severity, String message, Optional<String> conductor) {
        this(uuid, nodeUuid, createdAt, fromState, toState, event, severity, message, conductor, PROVISIONING,
                TRANSITION, Optional.empty(), JsonNodeFactory.instance.objectNode());
    }

    /** The details as given; a copy, so the record stays a value. */
    @Override
    public ObjectNode details() {
        return details.deepCopy();
    }
}
