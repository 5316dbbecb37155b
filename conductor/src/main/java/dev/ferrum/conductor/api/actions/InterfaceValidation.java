package dev.ferrum.conductor.api.actions;

import java.util.Objects;
import java.util.Optional;

/**
 * One interface's answer to {@code validate}: {@code result} true when the node is configured well
 * for it; otherwise {@code reason} says what is missing. Ironic shows {@code result: null} for an
 * interface the hardware type lacks, hence {@link #unsupported}.
 */
public record InterfaceValidation(String kind, Optional<Boolean> result, Optional<String> reason) {

    public InterfaceValidation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(reason, "reason");
    }

    public static InterfaceValidation ok(String kind) {
        return new InterfaceValidation(kind, Optional.of(true), Optional.empty());
    }

    public static InterfaceValidation failed(String kind, String reason) {
        return new InterfaceValidation(kind, Optional.of(false), Optional.of(reason));
    }

    public static InterfaceValidation unsupported(String kind, String reason) {
        return new InterfaceValidation(kind, Optional.empty(), Optional.of(reason));
    }
}
