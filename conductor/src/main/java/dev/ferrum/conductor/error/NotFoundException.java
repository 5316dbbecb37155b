package dev.ferrum.conductor.error;

/** A node, port, conductor or other resource the caller named does not exist (HTTP 404). */
public class NotFoundException extends ConductorException {

    public NotFoundException(String message) {
        super(message);
    }

    /** "Node 1be2… could not be found." in the shape Ironic's clients know. */
    public static NotFoundException of(String kind, String identity) {
        return new NotFoundException(kind + " " + identity + " could not be found.");
    }
}
