package dev.ferrum.conductor.store;

import java.util.Objects;
import java.util.UUID;

/**
 * A node lock taken from {@code holder}, a conductor that stopped heartbeating and can no longer release it. The
 * conductor that broke it holds the node as {@code taken} from the same statement on, so nothing sees the node free
 * between the break and what its new holder does with it (another conductor's orphan sweep would fail work that is
 * about to be resumed); the new holder releases {@code taken} when done.
 */
public record BrokenLock(String holder, NodeLock taken) {

    public BrokenLock {
        Objects.requireNonNull(holder, "holder");
        Objects.requireNonNull(taken, "taken");
    }

    /** The node whose lock this was. */
    public UUID node() {
        return taken.node();
    }
}
