package dev.ferrum.conductor.state;

import java.util.Objects;

/** One row of the transition table: {@code event} moves a node from {@code from} to {@code to}. */
public record Transition(ProvisionState from, ProvisionEvent event, ProvisionState to) {

    public Transition {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(to, "to");
    }

    @Override
    public String toString() {
        return from + " -> " + to + " (" + event + ")";
    }
}
