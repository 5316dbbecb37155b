package dev.ferrum.conductor.api.policy;

import java.util.Objects;
import java.util.Optional;

/**
 * The projects a request acts on, as Ironic's policy targets carry them: the node's (or allocation's)
 * owner and the node's lessee. Empty for system-wide resources and for things that do not exist.
 */
public record Target(Optional<String> owner, Optional<String> lessee) {
    public Target {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(lessee, "lessee");
    }

    public static Target none() {
        return new Target(Optional.empty(), Optional.empty());
    }
}
