package dev.ferrum.hardware.spi;

import java.util.List;

/**
 * Offers clean or deploy steps. Each {@link Step} carries its own executor, so the agent runs the
 * step it merged without asking the manager again by name.
 */
public interface StepProvider {

    /** The steps of {@code kind} this manager offers on this machine; empty when none. */
    List<Step<?, ?>> steps(StepKind kind);
}
