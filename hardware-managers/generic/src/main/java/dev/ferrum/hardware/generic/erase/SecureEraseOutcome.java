package dev.ferrum.hardware.generic.erase;

import java.util.List;
import java.util.Objects;

/**
 * What asking a drive to erase itself came to. {@code Declined}: the method does not apply and
 * nothing on the drive changed, so an overwrite follows. {@code Failed}: it was tried and went
 * wrong, so an overwrite follows only when the operator allowed it.
 */
sealed interface SecureEraseOutcome {

    record Erased(EraseMethod method, List<String> notes) implements SecureEraseOutcome {
        public Erased {
            Objects.requireNonNull(method, "method");
            notes = List.copyOf(notes);
        }
    }

    record Declined(String reason) implements SecureEraseOutcome {
        public Declined {
            Objects.requireNonNull(reason, "reason");
        }
    }

    record Failed(String reason) implements SecureEraseOutcome {
        public Failed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
