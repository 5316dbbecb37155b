package dev.ferrum.agent.command;

import java.util.Objects;

/** A command the agent offers: IPA's {@code extension.command} name, its mode and its handler. */
public record CommandDefinition(String extension, String command, CommandMode mode, CommandHandler handler) {

    public CommandDefinition {
        if (extension == null || extension.isBlank() || extension.contains(".")) {
            throw new IllegalArgumentException("an extension name is one word, got '" + extension + "'");
        }
        if (command == null || command.isBlank() || command.contains(".")) {
            throw new IllegalArgumentException("a command name is one word, got '" + command + "'");
        }
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(handler, "handler");
    }

    public static CommandDefinition sync(String extension, String command, CommandHandler handler) {
        return new CommandDefinition(extension, command, CommandMode.SYNC, handler);
    }

    public static CommandDefinition async(String extension, String command, CommandHandler handler) {
        return new CommandDefinition(extension, command, CommandMode.ASYNC, handler);
    }

    /** The name the conductor sends: {@code standby.sync}. */
    public String fullName() {
        return extension + "." + command;
    }
}
