package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.protocol.error.VersionNotAcceptableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code deploy_steps} of a provision request, checked as Ironic's API does before anything
 * changes: only from API 1.69 (406 before), only with target {@code active} or {@code rebuild}, and
 * each step exactly {@code interface} (a deploy interface), {@code step}, {@code args} (an object) and
 * {@code priority} (0 or more, or a string of digits). Whether the node can run them is the conductor's
 * check.
 */
final class DeploySteps {
    /** Ironic's deploy interfaces in its order, as its schema error lists them. */
    private static final List<String> INTERFACES = List.of("vendor", "power", "management", "firmware", "deploy",
            "bios", "raid");
    private static final List<String> REQUIRED = List.of("interface", "step", "args", "priority");
    private static final Set<String> KNOWN = Set.copyOf(REQUIRED);
    /** Ironic's service steps schema: interface and step required, args optional, and its child-node keys. */
    private static final List<String> SERVICE_REQUIRED = List.of("interface", "step");
    private static final Set<String> SERVICE_KNOWN = Set.of("interface", "step", "args", "order",
            "execute_on_child_nodes", "limit_child_node_execution");

    private DeploySteps() {
    }

    /** The request's steps (empty without any), or the refusal Ironic answers. */
    static List<JsonNode> check(List<JsonNode> steps, ProvisionEvent verb, boolean atLeast169) {
        if (steps.isEmpty()) {
            return steps;
        }
        if (!atLeast169) {
            throw new VersionNotAcceptableException("Request not acceptable. The minimal required API version should"
                    + " be 1.69");
        }
        if (verb != ProvisionEvent.DEPLOY && verb != ProvisionEvent.REBUILD) {
            throw new InvalidInputException("\"deploy_steps\" is only valid when setting target provision state to"
                    + " active or rebuild");
        }
        for (JsonNode step : steps) {
            problem(step, REQUIRED, KNOWN).ifPresent(reason -> {
                throw new InvalidInputException("Invalid deploy_steps: " + reason);
            });
        }
        return steps;
    }

    /**
     * The request's {@code service_steps} (API 1.87), or Ironic's refusal: required for {@code service}, valid
     * for nothing else, each step matching Ironic's steps schema.
     */
    static List<JsonNode> checkService(List<JsonNode> steps, ProvisionEvent verb) {
        if (verb != ProvisionEvent.SERVICE) {
            if (!steps.isEmpty()) {
                throw new InvalidInputException("\"service_steps\" is only valid when setting target provision state"
                        + " to service");
            }
            return steps;
        }
        if (steps.isEmpty()) {
            throw new InvalidInputException("\"service_steps\" is required when setting target provision state to"
                    + " service");
        }
        for (JsonNode step : steps) {
            problem(step, SERVICE_REQUIRED, SERVICE_KNOWN).ifPresent(reason -> {
                throw new InvalidInputException("Invalid service_steps: " + reason);
            });
        }
        return steps;
    }

    /** The first schema violation of one step, worded as Python's jsonschema words it. */
    private static Optional<String> problem(JsonNode step, List<String> required, Set<String> known) {
        if (!step.isObject()) {
            return Optional.of(repr(step) + " is not of type 'object'");
        }
        JsonNode iface = step.get("interface");
        if (iface != null && !(iface.isTextual() && INTERFACES.contains(iface.asText()))) {
            return Optional.of(iface.isTextual()
                    ? repr(iface) + " is not one of " + INTERFACES.stream().map(i -> "'" + i + "'").toList()
                    : repr(iface) + " is not of type 'string'");
        }
        JsonNode name = step.get("step");
        if (name != null && !name.isTextual()) {
            return Optional.of(repr(name) + " is not of type 'string'");
        }
        if (name != null && name.asText().isEmpty()) {
            return Optional.of("'' is too short");
        }
        JsonNode args = step.get("args");
        if (args != null && !args.isObject()) {
            return Optional.of(repr(args) + " is not of type 'object'");
        }
        JsonNode priority = step.get("priority");
        if (priority != null && !((priority.isIntegralNumber() && priority.asLong() >= 0)
                || (priority.isTextual() && priority.asText().matches("[0-9]+")))) {
            return Optional.of(repr(priority) + " is not valid under any of the given schemas");
        }
        for (String key : required) {
            if (!step.has(key)) {
                return Optional.of("'" + key + "' is a required property");
            }
        }
        List<String> unexpected = new ArrayList<>();
        step.fieldNames().forEachRemaining(key -> {
            if (!known.contains(key)) {
                unexpected.add("'" + key + "'");
            }
        });
        if (!unexpected.isEmpty()) {
            return Optional.of("Additional properties are not allowed (" + String.join(", ", unexpected)
                    + (unexpected.size() == 1 ? " was" : " were") + " unexpected)");
        }
        return Optional.empty();
    }

    private static String repr(JsonNode value) {
        return value.isTextual() ? "'" + value.asText() + "'" : value.toString();
    }
}
