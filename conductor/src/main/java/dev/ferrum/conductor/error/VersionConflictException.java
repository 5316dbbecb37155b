package dev.ferrum.conductor.error;

/**
 * An optimistic update lost a race: the stored version is no longer the one the caller read.
 * The caller reloads the resource and decides again.
 */
public class VersionConflictException extends ConflictException {
    private final long expectedVersion;
    private final long actualVersion;

    public VersionConflictException(String kind, String identity, long expectedVersion, long actualVersion) {
        super(kind + " " + identity + " was changed by someone else (expected version " + expectedVersion
                + ", found " + actualVersion + "); reload it and try again.");
        this.expectedVersion = expectedVersion;
        this.actualVersion = actualVersion;
    }

    public long expectedVersion() {
        return expectedVersion;
    }

    public long actualVersion() {
        return actualVersion;
    }
}
