package dev.ferrum.agent.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The agent token the conductor must present with every command. It is set from the first lookup (or a
 * pre-shared token) and replaced only by {@link #renew} from a new lookup; before that the agent runs no
 * conductor commands unless it runs standalone. Comparison is constant-time so the token cannot be guessed byte by byte.
 */
public final class AgentTokens {
    private final AtomicReference<String> token = new AtomicReference<>();
    private final boolean standalone;

    /** @param standalone true when no conductor is involved and commands need no token */
    public AgentTokens(boolean standalone) {
        this.standalone = standalone;
    }

    /** Records the token the conductor issued; later attempts to change it are refused. */
    public void issue(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("an agent token cannot be blank");
        }
        if (!token.compareAndSet(null, value) && !token.get().equals(value)) {
            throw new IllegalStateException("the agent already holds a different token; a conductor cannot replace it");
        }
    }

    /**
     * Replaces the token with one the conductor issued to a new lookup of this node. Only the heartbeat
     * path calls this, after the conductor refused the old token (it wipes tokens when a node leaves a
     * ramdisk state, so a long-running agent meets a wiped token on its next operation).
     */
    public void renew(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("an agent token cannot be blank");
        }
        token.set(value);
    }

    public Optional<String> current() {
        return Optional.ofNullable(token.get());
    }

    /** Whether {@code presented} authorises a command. */
    public boolean accepts(Optional<String> presented) {
        String expected = token.get();
        if (expected == null) {
            return standalone;
        }
        return presented.map(p -> MessageDigest.isEqual(p.getBytes(StandardCharsets.UTF_8),
                expected.getBytes(StandardCharsets.UTF_8))).orElse(false);
    }
}
