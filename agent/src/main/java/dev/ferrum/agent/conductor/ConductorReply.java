package dev.ferrum.agent.conductor;

import java.util.Optional;

/**
 * How the conductor answered one call: the HTTP status, the body text, and for errors the message
 * in it (Ironic's faultstring), so retry decisions and the final error can quote it.
 */
public record ConductorReply(int status, String body, Optional<String> errorMessage) {

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    /** "404 (Node not found)" style summary for logs and errors. */
    public String summary() {
        return status + errorMessage.map(m -> " (" + m + ")").orElse("");
    }
}
