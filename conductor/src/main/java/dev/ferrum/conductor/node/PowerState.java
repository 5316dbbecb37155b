package dev.ferrum.conductor.node;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.Optional;

/**
 * A node's power state as Ironic spells it on the wire; "unknown" is an empty {@code Optional}
 * where a node holds one, never a constant here.
 */
public enum PowerState {
    POWER_ON("power on"),
    POWER_OFF("power off"),
    REBOOTING("rebooting"),
    SOFT_REBOOTING("soft rebooting"),
    SOFT_POWER_OFF("soft power off");

    private final String wireName;

    PowerState(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The state with this wire name, if any. */
    public static Optional<PowerState> find(String wireName) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(wireName)).findFirst();
    }

    /** Parses a wire name; an unknown one is the caller's error. */
    public static PowerState fromWire(String wireName) {
        return find(wireName).orElseThrow(() -> new InvalidInputException("Unknown power state '" + wireName
                + "'; known: " + Arrays.stream(values()).map(PowerState::wireName).toList()));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
