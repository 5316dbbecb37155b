package dev.ferrum.conductor.store;

import java.util.Objects;
import java.util.UUID;

/** A node lock freed because its holder, a conductor that stopped heartbeating, can no longer release it. */
public record BrokenLock(UUID node, String holder) {

    public BrokenLock {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(holder, "holder");
    }
}
