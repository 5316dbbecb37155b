package dev.ferrum.agent;

/** Root of the errors the agent raises; messages say what went wrong and what to do next. */
public class AgentException extends RuntimeException {

    public AgentException(String message) {
        super(message);
    }

    public AgentException(String message, Throwable cause) {
        super(message, cause);
    }
}
