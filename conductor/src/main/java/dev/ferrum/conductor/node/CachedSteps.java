package dev.ferrum.conductor.node;

import dev.ferrum.protocol.step.Step;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The steps an agent last reported it can run (deploy or clean), the versions of the hardware managers
 * that offered them (sent back with each step, so the agent notices a changed ramdisk), and when.
 */
public record CachedSteps(List<Step> steps, Map<String, String> managerVersions, Instant refreshedAt) {

    public CachedSteps {
        steps = List.copyOf(steps);
        // Sorted: the stored text stays stable whatever order the agent listed its managers in.
        managerVersions = java.util.Collections.unmodifiableMap(new TreeMap<>(managerVersions));
        refreshedAt = Objects.requireNonNull(refreshedAt, "refreshedAt").truncatedTo(ChronoUnit.MICROS);
    }
}
