package dev.ferrum.protocol.inventory;

import java.util.Optional;

/** Jackson hands a record {@code null} for an absent Optional component; this maps it to empty. */
final class Optionals {
    private Optionals() {
    }

    static <T> Optional<T> orEmpty(Optional<T> value) {
        return value == null ? Optional.empty() : value;
    }
}
