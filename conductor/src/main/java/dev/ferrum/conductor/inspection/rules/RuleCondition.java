package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One condition of a rule: {@code op} applied to what {@code field} reaches, the values combined by
 * {@code multiple} when a wildcard reaches several, the answer negated by {@code invert}.
 */
public record RuleCondition(ConditionOp op, FieldPath field, Optional<JsonNode> value, Multiple multiple,
        boolean invert) {

    /** How the values a wildcard path reaches combine: any of them, all of them, or only the first. */
    public enum Multiple {
        ANY,
        ALL,
        FIRST;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public RuleCondition {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(multiple, "multiple");
    }

    /** Whether the condition holds over the introspection data and the node's document. */
    public boolean holds(JsonNode data, JsonNode node) {
        List<JsonNode> values = field.resolve(field.source() == FieldPath.Source.NODE ? node : data);
        JsonNode expected = value.orElse(JsonNodeFactory.instance.nullNode());
        boolean result;
        if (values.isEmpty()) {
            result = op.test(Optional.empty(), expected);
        } else {
            result = switch (multiple) {
                case ANY -> values.stream().anyMatch(v -> op.test(Optional.of(v), expected));
                case ALL -> values.stream().allMatch(v -> op.test(Optional.of(v), expected));
                case FIRST -> op.test(Optional.of(values.getFirst()), expected);
            };
        }
        return result != invert;
    }

    /** As the rules API shows it. */
    public ObjectNode toJson() {
        ObjectNode out = JsonNodeFactory.instance.objectNode().put("op", op.wire()).put("field", field.text())
                .put("multiple", multiple.wire()).put("invert", invert);
        value.ifPresent(v -> out.set("value", v));
        return out;
    }
}
