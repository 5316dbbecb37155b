package dev.ferrum.hardware.generic.erase;

/**
 * Where a drive's sanitize operation stands, as its status log reports it: never run (or nothing
 * recorded yet), running, completed, or failed. A sanitize runs in the drive's background after
 * the command is accepted, so callers poll until it leaves {@code RUNNING}.
 */
enum SanitizeState {
    IDLE,
    RUNNING,
    COMPLETED,
    FAILED
}
