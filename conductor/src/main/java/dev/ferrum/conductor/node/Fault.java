package dev.ferrum.conductor.node;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Why the conductor itself put a node into maintenance (Ironic's {@code fault}, API 1.42). Only the
 * conductor sets one; leaving maintenance clears it.
 */
public enum Fault {
    POWER_FAILURE("power failure"),
    CLEAN_FAILURE("clean failure"),
    RESCUE_ABORT_FAILURE("rescue abort failure"),
    SERVICE_FAILURE("service failure");

    private final String wireName;

    Fault(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The fault stored or filtered on under {@code name}, if it is one. */
    public static Optional<Fault> find(String name) {
        return Arrays.stream(values()).filter(f -> f.wireName.equals(name)).findFirst();
    }

    /** The fault named {@code name}; a 400 listing the valid ones otherwise, as Ironic's filter does. */
    public static Fault fromWire(String name) {
        return find(name).orElseThrow(() -> new InvalidInputException("Unrecognized fault \"" + name
                + "\" is specified, allowed faults are " + Arrays.stream(values()).map(f -> "'" + f.wireName + "'")
                .collect(Collectors.joining(", ", "(", ")"))));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
