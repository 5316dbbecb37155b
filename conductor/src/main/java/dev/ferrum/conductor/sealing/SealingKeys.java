package dev.ferrum.conductor.sealing;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The keys a conductor seals and opens secrets with: the current key (every write seals with it) and
 * older ones still accepted for reading, so a key can be rotated without downtime. No current key
 * means secrets are stored in clear, as before encryption existed.
 */
public record SealingKeys(Optional<SealingKey> current, List<SealingKey> old) {

    public SealingKeys {
        Objects.requireNonNull(current, "current");
        old = List.copyOf(old);
        if (current.isEmpty() && !old.isEmpty()) {
            throw new SealingException("--secrets-old-key-file needs --secrets-key-file: old keys are only read"
                    + " while secrets are re-encrypted with a current one");
        }
    }

    /** No keys: secrets in clear. */
    public static SealingKeys none() {
        return new SealingKeys(Optional.empty(), List.of());
    }

    /** Seal with {@code current}, also open values sealed with any of {@code old}. */
    public static SealingKeys of(SealingKey current, SealingKey... old) {
        return new SealingKeys(Optional.of(current), List.of(old));
    }

    /** Whether secrets are sealed at all. */
    public boolean enabled() {
        return current.isPresent();
    }

    /** The key with {@code id}, current first. */
    Optional<SealingKey> byId(String id) {
        List<SealingKey> all = new ArrayList<>();
        current.ifPresent(all::add);
        all.addAll(old);
        return all.stream().filter(key -> key.id().equals(id)).findFirst();
    }
}
