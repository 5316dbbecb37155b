package dev.ferrum.conductor.history;

import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One entry of a node's history: what happened ({@code event}, Ironic's event name for a state
 * change), the provision state before and after (equal when the state did not move), who did it and
 * why. Appended, never edited; deleted with the node.
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
        Optional<String> conductor) {

    /** How much an operator should care; errors are what {@code baremetal node history list} highlights. */
    public enum Severity {
        INFO,
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
    }
}
