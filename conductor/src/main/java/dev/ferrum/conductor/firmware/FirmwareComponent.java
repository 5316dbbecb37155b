package dev.ferrum.conductor.firmware;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * One firmware component of a node (e.g. {@code bios}, {@code bmc}) as Ironic's firmware_information records
 * it: the version first seen, the current one, and the version a firmware step last flashed.
 */
public record FirmwareComponent(
        String component,
        String initialVersion,
        String currentVersion,
        Optional<String> lastVersionFlashed,
        Instant createdAt,
        Optional<Instant> updatedAt) {

    public FirmwareComponent {
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(initialVersion, "initialVersion");
        Objects.requireNonNull(currentVersion, "currentVersion");
        Objects.requireNonNull(lastVersionFlashed, "lastVersionFlashed");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }
}
