package dev.ferrum.agent.command;

/**
 * The conductor asked for a step from a hardware-manager version list that no longer matches the
 * agent's (managers changed between {@code get_*_steps} and {@code execute_*_step}); the command
 * ends as {@code CLEAN_VERSION_MISMATCH} so the conductor re-reads the steps.
 */
public class VersionMismatchException extends CommandFailedException {

    public VersionMismatchException(String details) {
        super("VersionMismatch", 409, "Hardware manager version mismatch", details);
    }
}
