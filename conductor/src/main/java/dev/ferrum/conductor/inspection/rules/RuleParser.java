package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Reads a rule from the rules API's JSON, checking everything a rule will need when it runs, so a bad rule is a
 * 400 naming the offending condition, action or field instead of a failed inspection later.
 */
public final class RuleParser {
    private static final Set<String> RULE_FIELDS = Set.of("uuid", "description", "conditions", "actions", "scope",
            "links", "built_in");
    private static final Set<String> CONDITION_FIELDS = Set.of("op", "field", "value", "multiple", "invert");
    private static final Pattern TRAIT = Pattern.compile("[A-Za-z0-9_]{1,255}");

    private RuleParser() {
    }

    /** Parses {@code body}; a missing uuid gets a fresh one. */
    public static InspectionRule parse(JsonNode body, boolean builtIn) {
        if (!(body instanceof ObjectNode rule)) {
            throw new InvalidInputException("A rule must be a JSON object with conditions and actions.");
        }
        rule.fieldNames().forEachRemaining(name -> {
            if (!RULE_FIELDS.contains(name)) {
                throw new InvalidInputException("Unknown rule field \"" + name + "\"; a rule has " + RULE_FIELDS
                        .stream().sorted().toList() + ".");
            }
        });
        UUID uuid = optionalText(rule, "uuid", "rule").map(text -> {
            try {
                return UUID.fromString(text);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("Rule uuid \"" + text + "\" is not a UUID.");
            }
        }).orElseGet(UUID::randomUUID);
        List<RuleCondition> conditions = new ArrayList<>();
        JsonNode conds = rule.path("conditions");
        if (!conds.isMissingNode() && !conds.isNull() && !conds.isArray()) {
            throw new InvalidInputException("Rule conditions must be a list.");
        }
        for (int i = 0; i < conds.size(); i++) {
            conditions.add(condition(conds.get(i), "conditions[" + i + "]"));
        }
        JsonNode acts = rule.path("actions");
        if (!acts.isArray() || acts.isEmpty()) {
            throw new InvalidInputException("A rule needs a non-empty list of actions.");
        }
        List<RuleAction> actions = new ArrayList<>();
        for (int i = 0; i < acts.size(); i++) {
            actions.add(action(acts.get(i), "actions[" + i + "]"));
        }
        return new InspectionRule(uuid, optionalText(rule, "description", "rule"), conditions, actions,
                optionalText(rule, "scope", "rule"), builtIn);
    }

    private static RuleCondition condition(JsonNode node, String where) {
        if (!(node instanceof ObjectNode c)) {
            throw new InvalidInputException(where + " must be an object with op and field.");
        }
        c.fieldNames().forEachRemaining(name -> {
            if (!CONDITION_FIELDS.contains(name)) {
                throw new InvalidInputException(where + ": unknown parameter \"" + name + "\".");
            }
        });
        ConditionOp op;
        try {
            op = ConditionOp.parse(text(c, "op", where));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(where + ": " + e.getMessage());
        }
        FieldPath field;
        try {
            field = FieldPath.parse(text(c, "field", where));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(where + ": " + e.getMessage());
        }
        Optional<JsonNode> value = Optional.ofNullable(c.get("value")).filter(v -> !v.isNull());
        if (op.takesValue()) {
            op.validate(value.orElseThrow(() -> new InvalidInputException(where + ": op " + op.wire()
                    + " needs a value.")), where);
        } else if (value.isPresent()) {
            throw new InvalidInputException(where + ": op " + op.wire() + " takes no value.");
        }
        RuleCondition.Multiple multiple;
        String text = optionalText(c, "multiple", where).orElse("any");
        try {
            multiple = RuleCondition.Multiple.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(where + ": multiple must be any, all or first, got \"" + text + "\".");
        }
        JsonNode invert = c.path("invert");
        if (!invert.isMissingNode() && !invert.isBoolean()) {
            throw new InvalidInputException(where + ": invert must be true or false.");
        }
        return new RuleCondition(op, field, value, multiple, invert.asBoolean(false));
    }

    private static RuleAction action(JsonNode node, String where) {
        if (!(node instanceof ObjectNode a)) {
            throw new InvalidInputException(where + " must be an object with an action.");
        }
        String name = text(a, "action", where);
        Set<String> allowed = switch (name) {
            case "fail" -> Set.of("message");
            case "set-attribute" -> Set.of("path", "value");
            case "set-capability" -> Set.of("name", "value");
            case "extend-attribute" -> Set.of("path", "value", "unique");
            case "add-trait", "remove-trait" -> Set.of("name");
            case "set-resource-class" -> Set.of("resource_class");
            default -> throw new InvalidInputException(where + ": unknown action \"" + name + "\"; use fail,"
                    + " set-attribute, set-capability, extend-attribute, add-trait, remove-trait or"
                    + " set-resource-class.");
        };
        a.fieldNames().forEachRemaining(param -> {
            if (!param.equals("action") && !allowed.contains(param)) {
                throw new InvalidInputException(where + ": action " + name + " has no parameter \"" + param
                        + "\".");
            }
        });
        return switch (name) {
            case "fail" -> new RuleAction.Fail(text(a, "message", where));
            case "set-attribute" -> new RuleAction.SetAttribute(path(a, where), required(a, "value", where));
            case "set-capability" -> new RuleAction.SetCapability(text(a, "name", where),
                    required(a, "value", where).asText());
            case "extend-attribute" -> new RuleAction.ExtendAttribute(path(a, where), required(a, "value", where),
                    a.path("unique").asBoolean(false));
            case "add-trait" -> new RuleAction.AddTrait(trait(a, where));
            case "remove-trait" -> new RuleAction.RemoveTrait(trait(a, where));
            default -> new RuleAction.SetResourceClass(text(a, "resource_class", where));
        };
    }

    private static String path(ObjectNode a, String where) {
        String path = text(a, "path", where);
        NodeDocument.checkWritable(path, where);
        return path;
    }

    private static String trait(ObjectNode a, String where) {
        String trait = text(a, "name", where);
        if (!TRAIT.matcher(trait).matches()) {
            throw new InvalidInputException(where + ": trait \"" + trait + "\" is not valid: use letters, digits"
                    + " and _, e.g. CUSTOM_NVME.");
        }
        return trait;
    }

    private static JsonNode required(ObjectNode a, String key, String where) {
        JsonNode value = a.get(key);
        if (value == null || value.isNull()) {
            throw new InvalidInputException(where + ": missing parameter \"" + key + "\".");
        }
        return value;
    }

    private static String text(ObjectNode o, String key, String where) {
        return optionalText(o, key, where).filter(t -> !t.isBlank())
                .orElseThrow(() -> new InvalidInputException(where + ": missing parameter \"" + key + "\"."));
    }

    private static Optional<String> optionalText(ObjectNode o, String key, String where) {
        JsonNode value = o.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new InvalidInputException(where + ": " + key + " must be a string, got " + value + ".");
        }
        return Optional.of(value.asText());
    }
}
