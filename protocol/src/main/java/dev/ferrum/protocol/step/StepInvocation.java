package dev.ferrum.protocol.step;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.Map;
import java.util.Optional;

/**
 * A step as the conductor asks the agent to run it ({@code params.step} of
 * {@code execute_clean_step} / {@code execute_deploy_step}) and as the agent echoes it in the
 * result. Unlike a listed {@link Step}, it may lack a priority (deploy steps) and carries the
 * operator's {@code args}; other keys the conductor copied from the listed step ({@code abortable},
 * {@code reboot_requested}, {@code argsinfo}) are kept in {@code extra} and sent back unchanged.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record StepInvocation(
        String step,
        @JsonProperty("interface") String interfaceName,
        Optional<Integer> priority,
        Optional<ObjectNode> args,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public StepInvocation {
        WireValues.requireText(step, "step name");
        WireValues.requireText(interfaceName, "step '" + step + "' interface");
        priority = WireValues.orEmpty(priority);
        args = WireValues.orEmpty(args);
        extra = WireValues.orderedMap(extra);
    }

    /** A step to run with {@code args}, as Ironic sends deploy steps. */
    public static StepInvocation of(String interfaceName, String step, ObjectNode args) {
        return new StepInvocation(step, interfaceName, Optional.empty(), Optional.of(args), Map.of());
    }

    /**
     * A step the agent listed, to run with {@code args} (left off when empty), as Ironic sends a clean step:
     * name, interface, priority and {@code abortable} as listed.
     */
    public static StepInvocation ofListed(Step listed, ObjectNode args) {
        return new StepInvocation(listed.step(), listed.interfaceName(), Optional.of(listed.priority()),
                args.isEmpty() ? Optional.empty() : Optional.of(args),
                Map.of("abortable", JsonNodeFactory.instance.booleanNode(listed.abortable())));
    }

    /** The step's arguments, empty when none were given. */
    public ObjectNode argsOrEmpty() {
        return args.orElseGet(() -> WireValues.objectOrEmpty(null));
    }
}
