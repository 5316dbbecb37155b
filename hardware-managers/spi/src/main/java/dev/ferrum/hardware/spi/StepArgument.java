package dev.ferrum.hardware.spi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes a component of a step's arguments record to the operator: it appears in the step's
 * {@code argsinfo} with this description, required unless the component is an {@code Optional}.
 * Components without it are still read but not advertised.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface StepArgument {

    /** What the argument does, shown to operators choosing manual steps. */
    String value();
}
