package dev.ferrum.conductor.node;

import dev.ferrum.protocol.step.Step;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

/** The steps an agent last reported it can run (deploy or clean), and when it reported them. */
public record CachedSteps(List<Step> steps, Instant refreshedAt) {

    public CachedSteps {
        steps = List.copyOf(steps);
        refreshedAt = Objects.requireNonNull(refreshedAt, "refreshedAt").truncatedTo(ChronoUnit.MICROS);
    }
}
