package dev.ferrum.hardware.spi;

import dev.ferrum.protocol.inventory.Disk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The operator's root-device hints ({@code properties.root_device}) with Ironic's expression
 * language: every hint must match a disk for it to qualify. A plain value means equality; a value
 * may start with an operator ({@code ">= 100"}, {@code "<in> samsung"}, {@code "<or> sda <or> sdb"}).
 *
 * <p>Semantics follow ironic-lib/IPA's {@code find_devices_by_hints}: text compares lower-cased,
 * {@code size} is in GiB compared as a fraction ({@code bytes / 2^30}, so a plain or {@code ==}
 * size matches only a disk of exactly that many GiB, use {@code >=} for ranges), the legacy
 * {@code =} means {@code >=}. Where IPA cannot evaluate an expression ({@code <all-in>},
 * {@code <range-in>}, text operators on {@code size}) {@link #parse} rejects it instead of
 * failing later. Deliberate differences: a disk lacking the hinted property never matches (IPA
 * compares the text "none"), {@code <or>} on {@code size} compares numbers (IPA never matches),
 * and {@code name}/{@code by_path} may omit {@code /dev/} and {@code /dev/disk/by-path/}.
 */
public record RootDeviceHints(List<Hint> hints) {

    public static final RootDeviceHints NONE = new RootDeviceHints(List.of());

    private static final double GIB = 1L << 30;

    public RootDeviceHints {
        hints = List.copyOf(hints);
        Set<Field> seen = EnumSet.noneOf(Field.class);
        for (Hint hint : hints) {
            if (!seen.add(hint.field())) {
                throw new IllegalArgumentException("root_device hint '" + hint.field().wireName() + "' given twice");
            }
        }
    }

    /** What a hint's value is compared as. */
    public enum Kind {
        TEXT, SIZE, BOOLEAN
    }

    /** A disk property a hint may name, by its Ironic name. */
    public enum Field {
        NAME("name", Kind.TEXT, d -> Optional.of(d.name())),
        SIZE("size", Kind.SIZE, d -> Optional.of(Long.toString(d.size()))),
        MODEL("model", Kind.TEXT, Disk::model),
        VENDOR("vendor", Kind.TEXT, Disk::vendor),
        SERIAL("serial", Kind.TEXT, Disk::serial),
        WWN("wwn", Kind.TEXT, Disk::wwn),
        WWN_WITH_EXTENSION("wwn_with_extension", Kind.TEXT, Disk::wwnWithExtension),
        WWN_VENDOR_EXTENSION("wwn_vendor_extension", Kind.TEXT, Disk::wwnVendorExtension),
        ROTATIONAL("rotational", Kind.BOOLEAN, d -> Optional.of(Boolean.toString(d.rotational()))),
        HCTL("hctl", Kind.TEXT, Disk::hctl),
        BY_PATH("by_path", Kind.TEXT, Disk::byPath),
        TRAN("tran", Kind.TEXT, Disk::tran);

        private final String wireName;
        private final Kind kind;
        private final Function<Disk, Optional<String>> reader;

        Field(String wireName, Kind kind, Function<Disk, Optional<String>> reader) {
            this.wireName = wireName;
            this.kind = kind;
            this.reader = reader;
        }

        public String wireName() {
            return wireName;
        }

        public Kind kind() {
            return kind;
        }

        /** The disk's value for this field, absent when unknown or blank. */
        Optional<String> valueOf(Disk disk) {
            return reader.apply(disk).map(String::strip).filter(v -> !v.isEmpty());
        }

        static Optional<Field> byWireName(String name) {
            return Arrays.stream(values()).filter(f -> f.wireName.equals(name)).findFirst();
        }
    }

    /** Ironic's hint operators (oslo.utils specs_matcher) that a disk can be tested with. */
    public enum Operator {
        /** Legacy {@code =}: numerically at least, kept because Ironic keeps it. */
        AT_LEAST("=", true),
        EQ("==", true),
        NE("!=", true),
        LT("<", true),
        LE("<=", true),
        GT(">", true),
        GE(">=", true),
        S_EQ("s==", false),
        S_NE("s!=", false),
        S_LT("s<", false),
        S_LE("s<=", false),
        S_GT("s>", false),
        S_GE("s>=", false),
        /** Substring: the disk's value contains the hint's. */
        IN("<in>", false),
        /** Equal to any of several values. */
        OR("<or>", false);

        private final String symbol;
        private final boolean numeric;

        Operator(String symbol, boolean numeric) {
            this.symbol = symbol;
            this.numeric = numeric;
        }

        public String symbol() {
            return symbol;
        }

        /** True for the operators that compare numbers. */
        public boolean isNumeric() {
            return numeric;
        }
    }

    /**
     * One hint: {@code field operator value} ({@code values} holds several only for {@code <or>}).
     * Values are stored lower-cased, as Ironic compares them.
     */
    public record Hint(Field field, Operator operator, List<String> values) {
        public Hint {
            values = List.copyOf(values);
            if (values.isEmpty() || (operator != Operator.OR && values.size() != 1)) {
                throw new IllegalArgumentException("hint '" + field.wireName() + "' " + operator.symbol()
                        + " needs " + (operator == Operator.OR ? "at least one value" : "exactly one value"));
            }
            boolean fits = switch (field.kind()) {
                case SIZE -> (operator.isNumeric() || operator == Operator.OR)
                        && values.stream().allMatch(v -> parseNumber(v).isPresent());
                case BOOLEAN -> operator == Operator.S_EQ && List.of("true", "false").contains(values.getFirst());
                case TEXT -> true;
            };
            if (!fits) {
                throw new IllegalArgumentException("hint '" + field.wireName() + "' cannot be "
                        + operator.symbol() + " " + values);
            }
        }

        /** The hint as Ironic writes it, e.g. {@code >= 100} or {@code <or> sda <or> sdb}. */
        public String expression() {
            if (field.kind() == Kind.BOOLEAN) {
                return values.getFirst();
            }
            if (operator == Operator.OR) {
                return values.stream().map(v -> "<or> " + v).collect(Collectors.joining(" "));
            }
            return operator.symbol() + " " + values.getFirst();
        }

        /** Why {@code disk} fails this hint, or empty when it satisfies it. */
        public Optional<String> mismatch(Disk disk) {
            Optional<String> actual = field.valueOf(disk);
            if (actual.isEmpty()) {
                return Optional.of("has no " + field.wireName() + ", wanted " + expression());
            }
            String value = actual.get();
            boolean ok = switch (field.kind()) {
                case BOOLEAN -> value.equals(values.getFirst());
                case SIZE -> test(disk.size() / GIB);
                case TEXT -> test(value.toLowerCase(Locale.ROOT));
            };
            if (ok) {
                return Optional.empty();
            }
            String shown = field.kind() == Kind.SIZE
                    ? String.format(Locale.ROOT, "%.2f GiB", disk.size() / GIB)
                    : "\"" + value + "\"";
            return Optional.of(field.wireName() + " is " + shown + ", wanted " + expression());
        }

        private boolean test(double actual) {
            return switch (operator) {
                case AT_LEAST, GE -> actual >= number(0);
                case EQ -> actual == number(0);
                case NE -> actual != number(0);
                case LT -> actual < number(0);
                case LE -> actual <= number(0);
                case GT -> actual > number(0);
                case OR -> values.stream().anyMatch(v -> actual == Double.parseDouble(v));
                // Parsing rejects text operators on size, so these cannot be reached.
                default -> throw new IllegalStateException(operator + " on a number");
            };
        }

        private boolean test(String actual) {
            if (operator.isNumeric()) {
                // IPA applies float() to the disk's text; a non-numeric value simply does not match.
                Optional<Double> number = parseNumber(actual);
                return number.isPresent() && test(number.get());
            }
            String wanted = values.getFirst();
            return switch (operator) {
                case S_EQ -> actual.equals(wanted);
                case S_NE -> !actual.equals(wanted);
                case S_LT -> actual.compareTo(wanted) < 0;
                case S_LE -> actual.compareTo(wanted) <= 0;
                case S_GT -> actual.compareTo(wanted) > 0;
                case S_GE -> actual.compareTo(wanted) >= 0;
                case IN -> actual.contains(wanted);
                case OR -> values.contains(actual);
                default -> throw new IllegalStateException(operator + " on text");
            };
        }

        private double number(int index) {
            return Double.parseDouble(values.get(index));
        }
    }

    /**
     * Reads hints as Ironic stores them in {@code properties.root_device}, a dict already read from
     * JSON (the agent does that): each value a {@code String}, number or {@code Boolean}; a
     * {@code null} value means that hint is not given.
     *
     * @throws IllegalArgumentException naming the offending hint and saying what is accepted
     */
    public static RootDeviceHints parse(Map<String, ?> hints) {
        List<String> unknown = new ArrayList<>();
        List<Hint> parsed = new ArrayList<>();
        for (Map.Entry<String, ?> entry : hints.entrySet()) {
            Optional<Field> field = Field.byWireName(entry.getKey());
            if (field.isEmpty()) {
                unknown.add(entry.getKey());
            } else if (entry.getValue() != null) {
                parsed.add(RootDeviceHintParser.hint(field.get(), entry.getValue()));
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown root_device hints " + unknown + "; supported: "
                    + Arrays.stream(Field.values()).map(Field::wireName).toList());
        }
        return new RootDeviceHints(parsed);
    }

    public boolean isEmpty() {
        return hints.isEmpty();
    }

    /** True when every hint matches {@code disk}. */
    public boolean matches(Disk disk) {
        return mismatch(disk).isEmpty();
    }

    /** Why {@code disk} fails the hints (the first failing hint), or empty when it matches them all. */
    public Optional<String> mismatch(Disk disk) {
        return hints.stream().map(h -> h.mismatch(disk)).flatMap(Optional::stream).findFirst();
    }

    /** The hints as Ironic would show them, e.g. {@code {size: ">= 100", model: "<in> intel"}}. */
    @Override
    public String toString() {
        return hints.stream().map(h -> h.field().wireName() + ": \"" + h.expression() + "\"")
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /** The number {@code text} spells, if it spells a finite one. */
    static Optional<Double> parseNumber(String text) {
        try {
            double number = Double.parseDouble(text.strip());
            return Double.isFinite(number) ? Optional.of(number) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
