package dev.ferrum.conductor.state;

/**
 * How a provision state behaves when nobody acts: stable states wait for a request, transient states
 * are moved on by the conductor itself, failed states wait for an operator, hold states wait for an
 * explicit {@code unhold} (a hold step paused the flow on purpose).
 */
public enum StateKind {
    STABLE,
    TRANSIENT,
    FAILED,
    HOLD
}
