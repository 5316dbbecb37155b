package dev.ferrum.conductor.auth;

import java.util.Objects;

/** One role on one scope: what a user may do, as a Keystone token's roles and scope say it. */
public record Grant(Scope scope, Role role) {
    public Grant {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(role, "role");
    }

    /** The static operator token and noauth act as this: Ironic's system admin. */
    public static Grant systemAdmin() {
        return new Grant(new Scope.System(), Role.ADMIN);
    }

    public boolean isSystem() {
        return scope instanceof Scope.System;
    }
}
