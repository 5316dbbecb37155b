package dev.ferrum.hardware.spi;

import dev.ferrum.hardware.spi.RootDeviceHints.Field;
import dev.ferrum.hardware.spi.RootDeviceHints.Hint;
import dev.ferrum.hardware.spi.RootDeviceHints.Operator;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Ironic's root-device hint grammar: turns one hint's value into a {@link Hint}, rejecting what IPA
 * could not evaluate with a message that names the hint and says what is accepted.
 */
final class RootDeviceHintParser {
    /** specs_matcher operators with no meaning for a single disk value; rejected with a hint of what to use. */
    private static final List<String> UNSUPPORTED = List.of("<all-in>", "<range-in>");

    private RootDeviceHintParser() {
    }

    /** One hint from its value as read from JSON: a {@code String}, number or {@code Boolean}. */
    static Hint hint(Field field, Object value) {
        if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
            throw new IllegalArgumentException("root_device hint '" + field.wireName()
                    + "' must be a single value, got " + kind(value));
        }
        return switch (field.kind()) {
            case BOOLEAN -> new Hint(field, Operator.S_EQ, List.of(Boolean.toString(bool(field, value))));
            case SIZE -> size(field, value);
            case TEXT -> text(field, String.valueOf(value));
        };
    }

    /** The JSON kind of a non-scalar value, as the operator wrote it. */
    private static String kind(Object value) {
        if (value instanceof List<?>) {
            return "ARRAY";
        }
        return value instanceof Map<?, ?> ? "OBJECT" : value.getClass().getSimpleName();
    }

    /** The value as it looked in the JSON the operator wrote: text quoted, numbers and booleans bare. */
    private static String shown(Object value) {
        if (value instanceof String text) {
            return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        return String.valueOf(value);
    }

    private static boolean bool(Field field, Object value) {
        if (value instanceof Boolean flag) {
            return flag;
        }
        // The strict set of oslo's bool_from_string, which Ironic uses for this hint.
        return switch (String.valueOf(value).strip().toLowerCase(Locale.ROOT)) {
            case "1", "t", "true", "on", "y", "yes" -> true;
            case "0", "f", "false", "off", "n", "no" -> false;
            default -> throw new IllegalArgumentException("root_device hint '" + field.wireName()
                    + "' must be a boolean (true/false, yes/no, 1/0), got " + shown(value));
        };
    }

    private static Hint size(Field field, Object value) {
        String problem = "root_device hint 'size' must be a positive whole number of GiB, optionally after a "
                + "numeric operator (==, !=, <, <=, >, >=, =) or as \"<or> 100 <or> 200\"; got " + shown(value);
        if (value instanceof Number number) {
            if (!isWhole(number) || number.longValue() <= 0) {
                throw new IllegalArgumentException(problem);
            }
            return new Hint(field, Operator.EQ, List.of(Long.toString(number.longValue())));
        }
        Expression expression = Expression.parse(field, String.valueOf(value), Operator.EQ);
        if (!expression.operator().isNumeric() && expression.operator() != Operator.OR) {
            throw new IllegalArgumentException(problem);
        }
        for (String v : expression.values()) {
            if (!v.matches("\\d+") || v.matches("0+")) {
                throw new IllegalArgumentException(problem);
            }
        }
        return new Hint(field, expression.operator(), expression.values());
    }

    private static boolean isWhole(Number number) {
        return number instanceof Integer || number instanceof Long || number instanceof Short
                || number instanceof Byte || number instanceof java.math.BigInteger;
    }

    private static Hint text(Field field, String raw) {
        Expression expression = Expression.parse(field, raw, Operator.S_EQ);
        List<String> values = expression.values();
        if (expression.operator().isNumeric() && values.stream().anyMatch(v -> RootDeviceHints.parseNumber(v).isEmpty())) {
            throw new IllegalArgumentException("root_device hint '" + field.wireName() + "' uses numeric operator "
                    + expression.operator().symbol() + " with a non-number; to compare text use s==, s!=, s<, s<=, s> or s>=");
        }
        if (expression.operator() != Operator.IN && !expression.operator().isNumeric()) {
            values = values.stream().map(v -> withDirectory(field, v)).toList();
        }
        return new Hint(field, expression.operator(), values);
    }

    /** Lets operators write {@code sda} or a by-path link's own name; IPA needs the full path. */
    private static String withDirectory(Field field, String value) {
        if (value.startsWith("/")) {
            return value;
        }
        return switch (field) {
            case NAME -> "/dev/" + value;
            case BY_PATH -> "/dev/disk/by-path/" + value;
            default -> value;
        };
    }

    /** An expression split into its operator (or the default) and lower-cased values. */
    private record Expression(Operator operator, List<String> values) {

        private static final List<Operator> LONGEST_FIRST = Arrays.stream(Operator.values())
                .sorted(Comparator.comparingInt((Operator o) -> o.symbol().length()).reversed())
                .toList();

        static Expression parse(Field field, String raw, Operator plain) {
            String text = raw.strip().toLowerCase(Locale.ROOT);
            if (text.isEmpty()) {
                throw new IllegalArgumentException("root_device hint '" + field.wireName() + "' is empty");
            }
            for (String unsupported : UNSUPPORTED) {
                if (text.startsWith(unsupported)) {
                    throw new IllegalArgumentException("root_device hint '" + field.wireName() + "' uses "
                            + unsupported + ", which cannot be applied to a disk (IPA fails on it too); use <in> or <or>");
                }
            }
            // Longest symbol first, so "<=" wins over "<" and "<in>" over "<", as in Ironic's grammar.
            for (Operator operator : LONGEST_FIRST) {
                if (text.startsWith(operator.symbol())) {
                    String rest = text.substring(operator.symbol().length());
                    List<String> values = operator == Operator.OR
                            ? Arrays.stream(rest.split("<or>")).map(String::strip).filter(v -> !v.isEmpty()).toList()
                            : rest.isBlank() ? List.<String>of() : List.of(rest.strip());
                    if (values.isEmpty()) {
                        throw new IllegalArgumentException("root_device hint '" + field.wireName() + "' has operator "
                                + operator.symbol() + " but no value");
                    }
                    return new Expression(operator, values);
                }
            }
            return new Expression(plain, List.of(text));
        }
    }
}
