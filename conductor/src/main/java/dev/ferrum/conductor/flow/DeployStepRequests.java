package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.template.DeployTemplate;
import dev.ferrum.protocol.step.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * What a deploy was asked to run besides its method's steps: the operator's {@code deploy_steps} (the
 * API checked their shape) and the deploy templates named by the node's {@code instance_info.traits}.
 */
final class DeployStepRequests {

    private DeployStepRequests() {
    }

    /** The API's {@code deploy_steps} as planned steps; the priority may arrive as a string of digits. */
    static List<PlannedStep> userSteps(List<JsonNode> raw) {
        List<PlannedStep> steps = new ArrayList<>();
        for (JsonNode step : raw) {
            int priority = step.path("priority").asInt(0);
            ObjectNode args = step.path("args").isObject() ? (ObjectNode) step.get("args")
                    : JsonNodeFactory.instance.objectNode();
            steps.add(new PlannedStep(new Step(step.path("step").asText(), priority,
                    step.path("interface").asText(), false, false, JsonNodeFactory.instance.objectNode()),
                    JsonDict.of(args)));
        }
        ReservedSteps.check(steps);
        return steps;
    }

    /** The requested steps of a deploy of {@code node} now: its user steps and its matching templates. */
    static DeployStepPlanner.Requested requested(Store store, Node node, List<PlannedStep> userSteps) {
        return new DeployStepPlanner.Requested(userSteps, templates(store, node));
    }

    /**
     * Refuses, before the node changes, a deploy whose requested steps the method cannot run; steps only
     * the agent may offer are checked once it has listed them, as Ironic does.
     */
    static void validate(Store store, Node node, List<PlannedStep> userSteps, List<Step> methodSteps) {
        try {
            DeployStepPlanner.validate(requested(store, node, userSteps), methodSteps, true);
        } catch (InvalidInputException e) {
            throw new InvalidInputException("Failed to validate deploy or power info for node " + node.uuid() + ": "
                    + e.getMessage());
        }
    }

    /** Templates whose name is one of {@code instance_info.traits}, in the traits' order. */
    static List<DeployTemplate> templates(Store store, Node node) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        node.instanceInfo().get("traits").filter(JsonNode::isArray).ifPresent(traits -> traits.forEach(trait -> {
            // Only a custom trait can name a template; anything else (a uuid) must not look one up.
            if (trait.isTextual() && trait.asText().startsWith("CUSTOM_")) {
                names.add(trait.asText());
            }
        }));
        List<DeployTemplate> matching = new ArrayList<>();
        names.forEach(name -> store.deployTemplates().find(name).ifPresent(matching::add));
        return matching;
    }
}
