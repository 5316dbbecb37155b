package dev.ferrum.conductor.auth;

import java.util.Objects;
import java.util.Optional;

/**
 * Who sent an authenticated request: a name for logs, and the grant the roles file gives it; a user
 * with no grant is known but may do nothing (every policy answers 403).
 */
public record Caller(String name, Optional<Grant> grant) {
    public Caller {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(grant, "grant");
    }

    /** The caller of noauth and of the static operator tokens. */
    public static Caller operator() {
        return new Caller("operator", Optional.of(Grant.systemAdmin()));
    }

    /** The project a project-scoped caller works in; empty for system scope or no grant. */
    public Optional<String> project() {
        return grant.map(Grant::scope).filter(Scope.Project.class::isInstance).map(s -> ((Scope.Project) s).id());
    }
}
