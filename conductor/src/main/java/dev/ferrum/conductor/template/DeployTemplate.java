package dev.ferrum.conductor.template;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A deploy template: a custom trait name and the deploy steps a node requesting that trait runs. The
 * name is a {@code CUSTOM_} trait, unique among templates; there is at least one step and no two share
 * an interface and step name. {@code version} guards optimistic updates.
 */
public record DeployTemplate(
        UUID uuid,
        String name,
        List<DeployStep> steps,
        JsonDict extra,
        Instant createdAt,
        Optional<Instant> updatedAt,
        long version) {
    private static final Pattern CUSTOM_TRAIT = Pattern.compile("^CUSTOM_[A-Z0-9_]+$");

    public DeployTemplate {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(name, "name");
        steps = List.copyOf(steps);
        Objects.requireNonNull(extra, "extra");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
        if (name.length() > 255 || !CUSTOM_TRAIT.matcher(name).matches()) {
            throw new InvalidInputException("Deploy template name \"" + name + "\" is not valid: it must be a custom"
                    + " trait, CUSTOM_ followed by upper-case letters, digits or _ (at most 255 characters).");
        }
        if (steps.isEmpty()) {
            throw new InvalidInputException("A deploy template needs at least one step.");
        }
        Set<String> seen = new HashSet<>();
        Set<String> duplicates = new TreeSet<>();
        for (DeployStep step : steps) {
            String key = "interface: " + step.iface() + ", step: " + step.step();
            if (!seen.add(key)) {
                duplicates.add(key);
            }
        }
        if (!duplicates.isEmpty()) {
            throw new InvalidInputException("Deploy template invalid: Duplicate deploy steps. A template cannot have"
                    + " multiple deploy steps with the same interface and step. Duplicates: "
                    + String.join("; ", duplicates) + ".");
        }
    }

    /** A new template, not yet stored (version 0). */
    public static DeployTemplate create(UUID uuid, String name, List<DeployStep> steps, JsonDict extra,
                                        Instant createdAt) {
        return new DeployTemplate(uuid, name, steps, extra, createdAt, Optional.empty(), 0);
    }

    /** This template with another name, steps and extra (what a PATCH may change). */
    public DeployTemplate with(String newName, List<DeployStep> newSteps, JsonDict newExtra) {
        return new DeployTemplate(uuid, newName, newSteps, newExtra, createdAt, updatedAt, version);
    }
}
