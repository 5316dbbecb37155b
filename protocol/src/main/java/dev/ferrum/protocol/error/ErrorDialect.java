package dev.ferrum.protocol.error;

/**
 * How a peer wraps a {@link Fault} in an error body. Each Ferrum endpoint answers in the dialect of
 * the service it stands in for, so stock clients find the message where they look for it.
 */
public enum ErrorDialect {
    /** Ironic's API: {@code {"error_message": "<the fault as a JSON string>"}}. */
    IRONIC,
    /** ironic-python-agent's API: the fault object itself, {@code {"faultcode", "faultstring"}}. */
    AGENT,
    /** ironic-inspector / discoverd: {@code {"error": {"message": "…"}}}. */
    INSPECTOR
}
