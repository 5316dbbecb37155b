package dev.ferrum.hardware.spi;

import java.util.Objects;
import java.util.function.Function;

/**
 * A clean or deploy step a manager declares: its name, its priority among automated steps (higher
 * runs earlier, 0 runs only when asked for), the driver interface it belongs to, whether the machine
 * must reboot afterwards or may be interrupted, the record its arguments arrive as, and the code that
 * runs it. The agent turns the declaration into IPA's step dict ({@code argsinfo} from the arguments
 * record's {@link StepArgument} components), reads the arguments into {@code A} and reports the
 * executor's {@code R} as the step's result; plugins never see the JSON.
 *
 * <p>Argument and result records must be public types in a package the plugin exports (the agent maps
 * them reflectively); {@link NoArguments} and {@link NoResult} stand for none.
 */
public record Step<A extends Record, R>(
        String name,
        int priority,
        StepInterface stepInterface,
        boolean rebootRequested,
        boolean abortable,
        Class<A> arguments,
        StepExecutor<A, R> executor) {

    public Step {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a step needs a name");
        }
        if (priority < 0) {
            throw new IllegalArgumentException("step '" + name + "' has priority " + priority
                    + "; use 0 for a step that runs only when asked for");
        }
        Objects.requireNonNull(stepInterface, "stepInterface");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(executor, "executor");
    }

    /**
     * A step of the {@code deploy} interface that neither reboots nor may be interrupted; the
     * {@code with…} methods change that.
     */
    public static <A extends Record, R> Step<A, R> of(String name, int priority, Class<A> arguments,
            StepExecutor<A, R> executor) {
        return new Step<>(name, priority, StepInterface.DEPLOY, false, false, arguments, executor);
    }

    /** A step without arguments: its executor reads only the context. */
    public static <R> Step<NoArguments, R> withoutArguments(String name, int priority,
            Function<StepContext, R> executor) {
        Objects.requireNonNull(executor, "executor");
        return of(name, priority, NoArguments.class, (arguments, context) -> executor.apply(context));
    }

    /** The same step under another driver interface ({@code raid}, {@code bios}, …). */
    public Step<A, R> onInterface(StepInterface newInterface) {
        return new Step<>(name, priority, newInterface, rebootRequested, abortable, arguments, executor);
    }

    /** The same step asking the conductor to reboot the machine once it has run. */
    public Step<A, R> requestingReboot() {
        return new Step<>(name, priority, stepInterface, true, abortable, arguments, executor);
    }

    /** The same step declared safe to interrupt (the conductor may abort cleaning while it runs). */
    public Step<A, R> interruptible() {
        return new Step<>(name, priority, stepInterface, rebootRequested, true, arguments, executor);
    }

    /** The same step at another priority (the same work offered as a clean step and a deploy step, say). */
    public Step<A, R> atPriority(int newPriority) {
        return new Step<>(name, newPriority, stepInterface, rebootRequested, abortable, arguments, executor);
    }

    /** Runs the step with arguments already read into {@code A}. */
    public R run(A args, StepContext context) {
        return executor.run(args, context);
    }
}
