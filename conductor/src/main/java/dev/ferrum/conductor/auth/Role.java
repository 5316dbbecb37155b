package dev.ferrum.conductor.auth;

import java.util.Locale;
import java.util.Optional;

/**
 * Keystone's default roles, weakest first; each implies the ones before it (an admin is also a manager,
 * member and reader), as Keystone's implied roles make them.
 */
public enum Role {
    READER, MEMBER, MANAGER, ADMIN;

    /** Whether this role includes {@code other}. */
    public boolean implies(Role other) {
        return compareTo(other) >= 0;
    }

    /** The role written {@code name} (any case); empty for an unknown name. */
    public static Optional<Role> named(String name) {
        for (Role role : values()) {
            if (role.name().equalsIgnoreCase(name)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
