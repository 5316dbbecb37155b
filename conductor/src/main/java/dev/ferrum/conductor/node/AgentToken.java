package dev.ferrum.conductor.node;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;

/**
 * The secret a ramdisk agent proves itself with (IPA's {@code agent_token}), issued on the first
 * lookup. Kept in clear text because the conductor must also send it to the agent with every command;
 * it never leaves through the API ({@link #toString()} and rendering mask it).
 */
public record AgentToken(String value, boolean pregenerated) {

    public AgentToken {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("an agent token cannot be blank");
        }
    }

    /** A fresh token: 32 random bytes as 43 URL-safe characters, like Ironic's. */
    public static AgentToken generate(SecureRandom random) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return new AgentToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), false);
    }

    /** Whether {@code candidate} is this token, compared in constant time. */
    public boolean matches(String candidate) {
        return MessageDigest.isEqual(value.getBytes(StandardCharsets.UTF_8),
                candidate.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "AgentToken[" + Secrets.MASK + (pregenerated ? ", pregenerated" : "") + "]";
    }
}
