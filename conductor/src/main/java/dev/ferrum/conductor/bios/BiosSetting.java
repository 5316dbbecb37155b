package dev.ferrum.conductor.bios;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One BIOS setting of a node as its bios interface cached it: the name and value (API 1.40) and what the
 * firmware's registry says about it (API 1.74; empty when the interface does not know).
 */
public record BiosSetting(
        String name,
        Optional<String> value,
        Registry registry,
        Instant createdAt,
        Optional<Instant> updatedAt) {

    /** The registry's description of a setting; every part is optional. */
    public record Registry(
            Optional<String> attributeType,
            Optional<List<String>> allowableValues,
            Optional<Long> lowerBound,
            Optional<Long> maxLength,
            Optional<Long> minLength,
            Optional<Boolean> readOnly,
            Optional<Boolean> resetRequired,
            Optional<Boolean> unique,
            Optional<Long> upperBound) {

        public Registry {
            Objects.requireNonNull(attributeType, "attributeType");
            allowableValues = Objects.requireNonNull(allowableValues, "allowableValues").map(List::copyOf);
            Objects.requireNonNull(lowerBound, "lowerBound");
            Objects.requireNonNull(maxLength, "maxLength");
            Objects.requireNonNull(minLength, "minLength");
            Objects.requireNonNull(readOnly, "readOnly");
            Objects.requireNonNull(resetRequired, "resetRequired");
            Objects.requireNonNull(unique, "unique");
            Objects.requireNonNull(upperBound, "upperBound");
        }

        /** Nothing known. */
        public static Registry unknown() {
            return new Registry(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }
    }

    public BiosSetting {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(registry, "registry");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }
}
