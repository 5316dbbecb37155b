package dev.ferrum.conductor.api.templates;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.resources.Values;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.template.DeployStep;
import dev.ferrum.conductor.template.DeployTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The writable side of a deploy template: the create body and the PATCH document ({@code name},
 * {@code steps}, {@code extra}), read into the typed template with Ironic's 400s for bad steps.
 */
final class DeployTemplateDocument {
    static final Set<String> WRITABLE = Set.of("uuid", "name", "steps", "extra");
    static final Set<String> PATCHABLE = Set.of("name", "steps", "extra");
    private static final Set<String> STEP_KEYS = Set.of("interface", "step", "args", "priority");

    private DeployTemplateDocument() {
    }

    /** The document a PATCH applies to. */
    static ObjectNode patchable(DeployTemplate template) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("name", template.name());
        doc.set("steps", steps(template.steps(), false));
        doc.set("extra", template.extra().toObjectNode());
        return doc;
    }

    static String name(ObjectNode doc) {
        return Values.required(doc, "name");
    }

    /** The steps of a body or patched document: a non-empty list of {interface, step, args, priority}. */
    static List<DeployStep> steps(ObjectNode doc) {
        JsonNode value = doc.get("steps");
        if (value == null || value.isNull()) {
            throw new InvalidInputException("Mandatory field missing: \"steps\".");
        }
        if (!value.isArray() || value.isEmpty()) {
            throw new InvalidInputException("\"steps\" must be a non-empty list of deploy steps, not " + value + ".");
        }
        List<DeployStep> steps = new ArrayList<>();
        for (JsonNode item : value) {
            steps.add(step(item));
        }
        return steps;
    }

    static JsonDict extra(ObjectNode doc) {
        return Values.dict(doc, "extra");
    }

    /** The steps as the API shows them; {@code masked} hides secret-looking arguments. */
    static ArrayNode steps(List<DeployStep> steps, boolean masked) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (DeployStep step : steps) {
            JsonDict args = masked ? dev.ferrum.conductor.node.Secrets.mask(step.args()) : step.args();
            array.addObject().put("interface", step.iface()).put("step", step.step())
                    .<ObjectNode>set("args", args.toObjectNode()).put("priority", step.priority());
        }
        return array;
    }

    private static DeployStep step(JsonNode item) {
        if (!item.isObject()) {
            throw new InvalidInputException("A deploy step must be an object with interface, step, args and"
                    + " priority, not " + item + ".");
        }
        ObjectNode step = (ObjectNode) item;
        List<String> unknown = new ArrayList<>();
        step.fieldNames().forEachRemaining(k -> {
            if (!STEP_KEYS.contains(k)) {
                unknown.add(k);
            }
        });
        if (!unknown.isEmpty()) {
            throw new InvalidInputException("Unknown attribute(s) in deploy step " + item + ": "
                    + String.join(", ", unknown) + ".");
        }
        for (String key : STEP_KEYS) {
            if (!step.has(key)) {
                throw new InvalidInputException("Deploy step " + item + " lacks the mandatory \"" + key + "\".");
            }
        }
        if (!step.get("args").isObject()) {
            throw new InvalidInputException("The \"args\" of deploy step " + item + " must be an object.");
        }
        return new DeployStep(Values.required(step, "interface"), Values.required(step, "step"),
                Values.dict(step, "args"), priority(step.get("priority")));
    }

    /** Ironic takes a non-negative integer or a string of digits. */
    private static int priority(JsonNode value) {
        if (value.isIntegralNumber() && value.canConvertToInt() && value.asInt() >= 0) {
            return value.asInt();
        }
        if (value.isTextual() && value.asText().matches("[0-9]{1,9}")) {
            return Integer.parseInt(value.asText());
        }
        throw new InvalidInputException("Deploy step priority " + value + " is not valid: use an integer of 0 or"
                + " more.");
    }
}
