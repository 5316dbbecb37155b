package dev.ferrum.conductor.driver.management;

import java.util.Arrays;
import java.util.Optional;

/** What an indicator shows, under Ironic's names. */
public enum IndicatorState {
    OFF("off"),
    ON("on"),
    BLINKING("blinking"),
    UNKNOWN("unknown");

    private final String wireName;

    IndicatorState(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<IndicatorState> fromWireName(String name) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(name)).findFirst();
    }
}
