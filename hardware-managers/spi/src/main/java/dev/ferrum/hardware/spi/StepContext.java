package dev.ferrum.hardware.spi;

import java.util.Objects;

/**
 * What a running step may use besides its arguments: the node the conductor sent with the step, the
 * machine, and where to publish progress.
 */
public record StepContext(StepNode node, MachineContext machine, StepProgress progress) {

    public StepContext {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(progress, "progress");
    }
}
