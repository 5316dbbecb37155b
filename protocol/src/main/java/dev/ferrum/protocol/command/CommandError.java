package dev.ferrum.protocol.command;

import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * Why an agent command failed, as IPA serialises its errors: {@code type} is the error class name
 * ({@code CommandExecutionError}, {@code ImageChecksumError}, …), {@code code} the HTTP-like status,
 * {@code message} a summary and {@code details} the specifics an operator needs.
 */
public record CommandError(String type, int code, String message, Optional<String> details) {

    public CommandError {
        WireValues.requireText(type, "command error type");
        message = message == null ? "" : message;
        details = WireValues.orEmpty(details);
    }

    /** IPA's wrapper for any failure inside a command: type {@code CommandExecutionError}, code 500. */
    public static CommandError execution(String details) {
        return new CommandError("CommandExecutionError", 500, "Command execution failed", Optional.of(details));
    }
}
