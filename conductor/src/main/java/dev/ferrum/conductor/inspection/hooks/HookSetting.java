package dev.ferrum.conductor.inspection.hooks;

import java.util.Optional;

/**
 * Where the hooks that need site settings (PCI aliases, the CIDR to physical network map, known accelerators) read
 * them: an environment variable of the conductor each, since hooks are created by the ServiceLoader without
 * arguments. A bad value fails the conductor's start with the variable named, not an inspection later.
 */
final class HookSetting {
    private HookSetting() {
    }

    static Optional<String> read(String variable) {
        return Optional.ofNullable(System.getenv(variable)).map(String::strip).filter(value -> !value.isEmpty());
    }

    static IllegalArgumentException invalid(String variable, String problem) {
        return new IllegalArgumentException(variable + " is invalid: " + problem);
    }
}
