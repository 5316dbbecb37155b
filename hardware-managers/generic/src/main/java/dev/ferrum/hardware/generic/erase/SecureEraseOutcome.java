package dev.ferrum.hardware.generic.erase;

import java.util.List;
import java.util.Objects;

/**
 * What asking a drive to erase itself came to. {@code Declined}: the method does not apply and
 * nothing on the drive changed, so an overwrite follows. {@code Failed}: it was tried and went
 * wrong, so an overwrite follows only when the operator allowed it.
 */
sealed interface SecureEraseOutcome {

    /** The drive erased itself by {@code method}; {@code notes} list the commands run. */
    record Erased(EraseMethod method, List<String> notes) implements SecureEraseOutcome {
        public Erased {
            Objects.requireNonNull(method, "method");
            notes = List.copyOf(notes);
        }
    }

    /** The method does not apply to this drive; nothing on it changed. */
    record Declined(String reason) implements SecureEraseOutcome {
        public Declined {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The method was tried and went wrong; {@code reason} includes any cleanup done. */
    record Failed(String reason) implements SecureEraseOutcome {
        public Failed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
