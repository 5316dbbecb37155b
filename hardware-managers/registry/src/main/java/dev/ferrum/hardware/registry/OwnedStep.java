package dev.ferrum.hardware.registry;

import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.SupportLevel;

/**
 * A merged step: its wire form as the conductor lists it, the manager that offers it with that
 * manager's support level, and the declaration that runs it.
 */
public record OwnedStep(dev.ferrum.protocol.step.Step step, String manager, SupportLevel support,
        Step<?, ?> declared) {
}
