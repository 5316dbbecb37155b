package dev.ferrum.conductor.driver.management;

import java.util.List;
import java.util.Objects;

/**
 * A hardware indicator (an LED) of a node's component: {@code name} is unique within {@code component}
 * ({@code system}, {@code chassis}, {@code disk}, {@code power}, {@code nic}); whether it can be set, and the
 * states it can show.
 */
public record Indicator(String component, String name, boolean readonly, List<IndicatorState> states) {
    public Indicator {
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(name, "name");
        states = List.copyOf(states);
    }
}
