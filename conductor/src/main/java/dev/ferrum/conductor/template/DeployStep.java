package dev.ferrum.conductor.template;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import java.util.Objects;
import java.util.Set;

/**
 * One step of a deploy template: the driver interface that runs it, the step's name, its arguments and
 * its priority (0 disables it). Only the interfaces Ironic can deploy with are accepted.
 */
public record DeployStep(String iface, String step, JsonDict args, int priority) {
    /** The interfaces Ironic runs deploy steps on. */
    public static final Set<String> INTERFACES = Set.of("bios", "deploy", "firmware", "management", "power", "raid",
            "vendor");

    public DeployStep {
        Objects.requireNonNull(iface, "iface");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(args, "args");
        if (!INTERFACES.contains(iface)) {
            throw new InvalidInputException("Deploy step interface \"" + iface + "\" is not valid: use one of "
                    + new java.util.TreeSet<>(INTERFACES) + ".");
        }
        if (step.isEmpty()) {
            throw new InvalidInputException("A deploy step needs a non-empty \"step\" name.");
        }
        if (priority < 0) {
            throw new InvalidInputException("Deploy step priority " + priority + " is not valid: use 0 or more.");
        }
    }
}
