package dev.ferrum.agent.command;

import dev.ferrum.agent.AgentException;
import dev.ferrum.protocol.command.CommandError;
import java.util.Optional;

/**
 * A command failed in a way its caller should see with a specific IPA error type (for example
 * {@code ImageChecksumError}); the error becomes the command result's {@code command_error}.
 */
public class CommandFailedException extends AgentException {
    private final transient CommandError error;

    public CommandFailedException(String type, int code, String message, String details) {
        this(type, code, message, details, null);
    }

    public CommandFailedException(String type, int code, String message, String details, Throwable cause) {
        super(message + ": " + details, cause);
        this.error = new CommandError(type, code, message, Optional.of(details));
    }

    public CommandError error() {
        return error;
    }

    /** IPA's generic failure: type {@code CommandExecutionError}, code 500. */
    public static CommandFailedException execution(String details, Throwable cause) {
        return new CommandFailedException("CommandExecutionError", 500, "Command execution failed", details, cause);
    }

    /** The request's parameters are unusable: IPA's {@code InvalidCommandParamsError}, code 400. */
    public static CommandFailedException invalidParams(String details) {
        return new CommandFailedException("InvalidCommandParamsError", 400, "Invalid command parameters", details);
    }
}
