package dev.ferrum.protocol.command;

/**
 * Where an agent command is: still running, done either way, or refused because the conductor's
 * hardware-manager versions differ from the agent's. IPA still spells that last one
 * {@code CLEAN_VERSION_MISMATCH} on the wire for deploy steps too, for backward compatibility.
 */
public enum CommandStatus {
    RUNNING,
    SUCCEEDED,
    FAILED,
    CLEAN_VERSION_MISMATCH;

    /** True for every status except {@link #RUNNING}: the result will not change any more. */
    public boolean isFinished() {
        return this != RUNNING;
    }
}
