package dev.ferrum.conductor.inspection.rules;

/** A rule's {@code fail} action ran: the inspection fails with the rule's message. */
public final class RuleFailure extends RuntimeException {

    public RuleFailure(String message) {
        super(message);
    }
}
