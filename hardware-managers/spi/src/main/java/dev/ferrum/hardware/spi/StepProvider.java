package dev.ferrum.hardware.spi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.step.Step;
import java.util.List;

/** Offers clean or deploy steps and runs the ones it offered. */
public interface StepProvider {

    /** The steps of {@code kind} this manager offers on this machine; empty when none. */
    List<Step> steps(StepKind kind);

    /**
     * Runs a step this manager offered.
     *
     * @return the step's result document, {@code NullNode} when it has none
     * @throws HardwareManagerException when the step fails; its message reaches the operator
     */
    JsonNode executeStep(StepKind kind, String stepName, StepRequest request);
}
