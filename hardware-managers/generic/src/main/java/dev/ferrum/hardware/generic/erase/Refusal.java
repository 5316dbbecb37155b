package dev.ferrum.hardware.generic.erase;

import java.util.Objects;

/** The safety gate's verdict against one disk: the reason and a sentence naming the evidence. */
public record Refusal(RefusalReason reason, String detail) {

    public Refusal {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return reason + ": " + detail;
    }
}
