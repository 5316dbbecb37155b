package dev.ferrum.conductor.driver.inspect;

import java.util.Objects;
import java.util.Optional;

/**
 * The inspection service's answer to {@code GET /v1/introspection/<uuid>}: {@code finished} and
 * an {@code error} that is set when it finished badly.
 */
public record IntrospectionStatus(boolean finished, Optional<String> error) {
    public IntrospectionStatus {
        Objects.requireNonNull(error, "error");
    }

    /** Where an introspection stands, read off the two fields. */
    public enum Outcome { RUNNING, SUCCEEDED, FAILED }

    public Outcome outcome() {
        if (!finished) {
            return Outcome.RUNNING;
        }
        return error.isPresent() ? Outcome.FAILED : Outcome.SUCCEEDED;
    }
}
