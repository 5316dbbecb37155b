package dev.ferrum.conductor.auth;

import java.util.Objects;

/** What a role is granted on: the whole system, or one project (the id nodes carry as owner or lessee). */
public sealed interface Scope {

    /** Keystone's {@code system_scope: all}. */
    record System() implements Scope {
    }

    /** A project, named by the id that appears in nodes' {@code owner} and {@code lessee}. */
    record Project(String id) implements Scope {
        public Project {
            Objects.requireNonNull(id, "id");
            if (id.isBlank()) {
                throw new IllegalArgumentException("a project scope needs a project id");
            }
        }
    }
}
