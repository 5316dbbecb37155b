package dev.ferrum.sandbox;

/** Why the sandbox cannot start or run, in words that say what to do next. */
public final class SandboxException extends RuntimeException {
    public SandboxException(String message) {
        super(message);
    }

    public SandboxException(String message, Throwable cause) {
        super(message, cause);
    }
}
