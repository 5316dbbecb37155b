package dev.ferrum.hardware.spi;

/**
 * The code behind a {@link Step}: runs with its typed arguments and the step's context and returns
 * the typed result ({@link NoResult#NONE} when the step reports nothing).
 */
@FunctionalInterface
public interface StepExecutor<A extends Record, R> {

    /**
     * @throws HardwareManagerException when the step fails; its message reaches the operator as the
     *     node's {@code last_error}, so say what to do next
     */
    R run(A arguments, StepContext context);
}
