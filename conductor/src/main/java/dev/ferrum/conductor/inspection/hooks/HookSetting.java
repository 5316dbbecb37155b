package dev.ferrum.conductor.inspection.hooks;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The settings of the hooks that need site data (PCI aliases, the CIDR to physical network map, known
 * accelerators): given as {@code --inspection-hook-option HOOK.KEY=VALUE} and handed to
 * {@link dev.ferrum.conductor.inspection.ProcessingHook#configure}. Unknown keys and bad values are refused with the
 * option named, when the conductor starts.
 */
final class HookSetting {
    private HookSetting() {
    }

    /** The value of {@code key}, after refusing any key the hook does not know. */
    static Optional<String> read(String hook, Map<String, String> options, String key) {
        Set<String> unknown = new java.util.TreeSet<>(options.keySet());
        unknown.remove(key);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("processing hook " + hook + " knows the option " + key + " only, got "
                    + unknown);
        }
        return Optional.ofNullable(options.get(key)).map(String::strip).filter(value -> !value.isEmpty());
    }

    static IllegalArgumentException invalid(String option, String problem) {
        return new IllegalArgumentException("--inspection-hook-option " + option + " is invalid: " + problem);
    }
}
