package dev.ferrum.hardware.spi;

import java.util.Objects;

/**
 * What a manager says when asked for a capability: an answer, or a reason why it declines so
 * that "nothing could do it" errors can list every reason.
 */
public sealed interface Answer<T> {

    /** The manager answered with {@code value}. */
    record Answered<T>(T value) implements Answer<T> {
        public Answered {
            Objects.requireNonNull(value, "an answer needs a value; decline instead");
        }
    }

    /** The manager cannot answer on this machine, and says why. */
    record Declined<T>(String reason) implements Answer<T> {
        public Declined {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a declining manager must say why");
            }
        }
    }

    static <T> Answer<T> of(T value) {
        return new Answered<>(value);
    }

    static <T> Answer<T> declined(String reason) {
        return new Declined<>(reason);
    }
}
