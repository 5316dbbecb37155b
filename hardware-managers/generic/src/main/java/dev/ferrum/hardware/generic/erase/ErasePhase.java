package dev.ferrum.hardware.generic.erase;

/** Where a disk's erase is right now, as progress snapshots show it. */
public enum ErasePhase {
    WAITING,
    WIPING_METADATA,
    SECURE_ERASE,
    OVERWRITING,
    VERIFYING,
    DONE,
    SKIPPED,
    FAILED
}
