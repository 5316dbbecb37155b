package dev.ferrum.conductor.driver;

import java.util.List;
import java.util.Optional;

/**
 * Whether one interface of a node's driver can work with the node as configured: valid, or
 * invalid with a reason that names what is missing (e.g. "driver_info is missing ipmi_address").
 */
public sealed interface Validation permits Validation.Valid, Validation.Invalid {

    /** The interface has what it needs. */
    record Valid() implements Validation {
    }

    /** The interface cannot work; {@code reason} says what to fix. */
    record Invalid(String reason) implements Validation {
        public Invalid {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("an invalid result needs a reason");
            }
        }
    }

    static Validation ok() {
        return new Valid();
    }

    static Validation invalid(String reason) {
        return new Invalid(reason);
    }

    /** "driver_info is missing k1, k2" as an invalid result. */
    static Validation missing(List<String> keys) {
        return new Invalid("driver_info is missing " + String.join(", ", keys));
    }

    default boolean isValid() {
        return this instanceof Valid;
    }

    /** Why it is invalid, or empty when valid. */
    default Optional<String> failure() {
        return this instanceof Invalid invalid ? Optional.of(invalid.reason()) : Optional.empty();
    }
}
