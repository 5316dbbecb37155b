package dev.ferrum.hardware.spi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * What a step runs with: the node as the conductor sent it ({@code properties},
 * {@code instance_info}, {@code driver_internal_info}, …), the step's arguments, the machine, and
 * where to publish progress.
 */
public record StepRequest(ObjectNode node, ObjectNode arguments, MachineContext machine, StepProgress progress) {

    public StepRequest {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(progress, "progress");
    }
}
