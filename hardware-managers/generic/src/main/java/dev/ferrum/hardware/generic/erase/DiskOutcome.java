package dev.ferrum.hardware.generic.erase;

/**
 * Where a disk ended up. {@code SKIPPED} is a refusal the step tolerates (skip-listed, virtual,
 * read-only when the operator allowed it); {@code FAILED} fails the step.
 */
public enum DiskOutcome {
    ERASED,
    SKIPPED,
    FAILED
}
