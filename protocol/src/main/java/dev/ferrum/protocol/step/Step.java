package dev.ferrum.protocol.step;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;

/**
 * A deploy or clean step as agents report it and conductors run it: {@code interfaceName} is the
 * driver interface it belongs to ({@code deploy}, {@code raid}, {@code bios}, …), {@code priority}
 * orders automated runs (0 = only on request), {@code argsinfo} describes accepted arguments.
 * Like IPA, the wire form leaves out {@code abortable} when false (deploy steps never carry it) and
 * {@code argsinfo} when empty; Ironic reads both absences as those defaults.
 */
public record Step(
        String step,
        int priority,
        @JsonProperty("interface") String interfaceName,
        boolean rebootRequested,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean abortable,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) ObjectNode argsinfo) {

    public Step {
        if (step == null || step.isBlank()) {
            throw new WireFormatException("a step needs a name");
        }
        interfaceName = interfaceName == null ? "deploy" : interfaceName;
        argsinfo = argsinfo == null ? JsonNodeFactory.instance.objectNode() : argsinfo;
    }

    /** A step of the {@code deploy} interface with no arguments that neither reboots nor aborts. */
    public static Step deploy(String name, int priority) {
        return new Step(name, priority, "deploy", false, false, JsonNodeFactory.instance.objectNode());
    }

    /** The same step at another priority (operators override priorities per node). */
    public Step withPriority(int newPriority) {
        return new Step(step, newPriority, interfaceName, rebootRequested, abortable, argsinfo);
    }
}
