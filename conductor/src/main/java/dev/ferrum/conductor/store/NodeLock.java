package dev.ferrum.conductor.store;

import java.util.Objects;
import java.util.UUID;

/**
 * Proof that conductor {@code holder} reserved {@code node}: only {@link NodeLocks} hands these out,
 * and every node write checks the database still agrees (a broken lock fails the write).
 */
public final class NodeLock {
    private final UUID node;
    private final String holder;

    NodeLock(UUID node, String holder) {
        this.node = Objects.requireNonNull(node, "node");
        this.holder = Objects.requireNonNull(holder, "holder");
    }

    public UUID node() {
        return node;
    }

    /** The host name of the conductor holding the lock. */
    public String holder() {
        return holder;
    }

    @Override
    public String toString() {
        return "NodeLock[node=" + node + ", holder=" + holder + "]";
    }
}
