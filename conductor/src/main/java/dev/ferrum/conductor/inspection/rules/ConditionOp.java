package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The comparisons a rule condition can make, by inspector's names. Comparisons coerce the field to the type of
 * the rule's value, as inspector does: a numeric value compares numerically (the field parsed as a number), any
 * other compares as text; {@code matches} anchors its regular expression at both ends, {@code contains} finds it
 * anywhere; {@code in-net} wants an IP address inside the CIDR; {@code is-empty} takes no value and also holds
 * for a field that is missing.
 */
public enum ConditionOp {
    EQ("eq"),
    NE("ne"),
    LT("lt"),
    LE("le"),
    GT("gt"),
    GE("ge"),
    IS_EMPTY("is-empty"),
    IN_NET("in-net"),
    MATCHES("matches"),
    CONTAINS("contains");

    private final String wire;

    ConditionOp(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static ConditionOp parse(String text) {
        return Arrays.stream(values()).filter(op -> op.wire.equals(text)).findFirst()
                .orElseThrow(() -> new InvalidInputException("Unknown condition op \"" + text + "\"; use one of "
                        + Arrays.stream(values()).map(ConditionOp::wire).toList() + "."));
    }

    /** Whether this op needs a {@code value}. */
    public boolean takesValue() {
        return this != IS_EMPTY;
    }

    /** Checks {@code value} when the rule is created, so a bad regex or network is a 400, not a failed inspection. */
    public void validate(JsonNode value, String where) {
        switch (this) {
            case IS_EMPTY -> { }
            case IN_NET -> {
                try {
                    IpNetwork.parse(value.asText());
                } catch (RuntimeException e) {
                    throw new InvalidInputException(where + ": invalid value \"" + value.asText() + "\" for in-net: "
                            + e.getMessage());
                }
            }
            case MATCHES, CONTAINS -> {
                try {
                    Pattern.compile(value.asText());
                } catch (PatternSyntaxException e) {
                    throw new InvalidInputException(where + ": invalid regular expression \"" + value.asText()
                            + "\": " + e.getDescription());
                }
            }
            default -> {
                if (!value.isValueNode() || value.isNull()) {
                    throw new InvalidInputException(where + ": the value of " + wire + " must be a string, number or"
                            + " boolean, got " + value);
                }
            }
        }
    }

    /** Whether {@code field} (empty when the path reached nothing) passes this op against {@code value}. */
    public boolean test(Optional<JsonNode> field, JsonNode value) {
        if (this == IS_EMPTY) {
            return field.isEmpty() || isEmpty(field.get());
        }
        if (field.isEmpty() || field.get().isNull()) {
            return false;
        }
        String text = field.get().isValueNode() ? field.get().asText() : field.get().toString();
        return switch (this) {
            case MATCHES -> Pattern.compile(value.asText()).matcher(text).matches();
            case CONTAINS -> Pattern.compile(value.asText()).matcher(text).find();
            case IN_NET -> inNet(text, value.asText());
            default -> compare(text, value).map(this::holds).orElse(this == NE);
        };
    }

    private boolean holds(int order) {
        return switch (this) {
            case EQ -> order == 0;
            case NE -> order != 0;
            case LT -> order < 0;
            case LE -> order <= 0;
            case GT -> order > 0;
            case GE -> order >= 0;
            default -> throw new IllegalStateException(wire + " is not a comparison");
        };
    }

    /** The field's order against the value, coerced to the value's type; empty when the field is no such number. */
    private static Optional<Integer> compare(String field, JsonNode value) {
        if (value.isNumber()) {
            try {
                return Optional.of(new BigDecimal(field.strip()).compareTo(value.decimalValue()));
            } catch (NumberFormatException notANumber) {
                return Optional.empty();
            }
        }
        return Optional.of(field.compareTo(value.asText()));
    }

    private static boolean inNet(String address, String network) {
        try {
            return IpNetwork.parse(network).contains(address.strip());
        } catch (RuntimeException notAnAddress) {
            return false;
        }
    }

    private static boolean isEmpty(JsonNode node) {
        return node.isNull() || (node.isTextual() && node.asText().isEmpty())
                || ((node.isArray() || node.isObject()) && node.isEmpty());
    }
}
