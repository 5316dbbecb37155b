package dev.ferrum.imagebuilder.command;

import dev.ferrum.imagebuilder.ImageBuildException;

/** What a finished program left behind: its exit code and captured output. */
public record CommandResult(int exitCode, String stdout, String stderr) {

    public static CommandResult success(String stdout) {
        return new CommandResult(0, stdout, "");
    }

    public boolean succeeded() {
        return exitCode == 0;
    }

    /**
     * Returns this result when the program succeeded, else fails with the command, its exit code,
     * the end of its error output and {@code advice} on what to do next.
     */
    public CommandResult requireSuccess(Command command, String advice) {
        if (succeeded()) {
            return this;
        }
        String detail = tail(stderr.isBlank() ? stdout : stderr);
        throw new ImageBuildException("`" + command.display() + "` failed with exit code " + exitCode
                + (detail.isEmpty() ? "" : ": " + detail) + ". " + advice);
    }

    private static String tail(String text) {
        String trimmed = text.strip();
        return trimmed.length() <= 2000 ? trimmed : "…" + trimmed.substring(trimmed.length() - 2000);
    }
}
