package dev.ferrum.agent.command;

/**
 * Whether a command finishes before the request that started it returns (SYNC), or runs in the
 * background and is watched through {@code GET /v1/commands/<id>} (ASYNC), as IPA decides per command.
 */
public enum CommandMode {
    SYNC,
    ASYNC
}
