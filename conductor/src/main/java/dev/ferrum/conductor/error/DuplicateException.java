package dev.ferrum.conductor.error;

/** A unique value (node name or uuid, port address or uuid) is already taken by another resource. */
public class DuplicateException extends ConflictException {

    public DuplicateException(String message) {
        super(message);
    }
}
