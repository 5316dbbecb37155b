package dev.ferrum.hardware.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.step.Step;
import java.util.List;

/** Offers clean or deploy steps and runs the ones it offered. */
public interface StepProvider {

    /** The steps of {@code kind} this manager offers on this machine; empty when none. */
    List<Step> steps(StepKind kind);

    /**
     * Runs a step this manager offered.
     *
     * @param node the node as the conductor sent it (its {@code properties}, {@code instance_info}, …)
     * @param arguments the step's arguments, validated against its {@code argsinfo} by the caller
     * @return the step's result document, {@code NullNode} when it has none
     */
    JsonNode executeStep(StepKind kind, String stepName, ObjectNode node, ObjectNode arguments, MachineContext machine);
}
