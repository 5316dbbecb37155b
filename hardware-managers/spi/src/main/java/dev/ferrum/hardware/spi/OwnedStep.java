package dev.ferrum.hardware.spi;

import dev.ferrum.protocol.step.Step;

/** A step with the manager that offers it and that manager's support level. */
public record OwnedStep(Step step, String manager, SupportLevel support) {
}
