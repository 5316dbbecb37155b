package dev.ferrum.agent.partition;

/**
 * Root of every error this package raises: a partition table that cannot be read, or a change to
 * it that would not be safe. Messages name the disk problem and what the operator can do.
 */
public class PartitionTableException extends RuntimeException {

    public PartitionTableException(String message) {
        super(message);
    }

    public PartitionTableException(String message, Throwable cause) {
        super(message, cause);
    }
}
