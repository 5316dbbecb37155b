package dev.ferrum.imagebuilder.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON tree with a deterministic pretty printer (fields in insertion order, two-space
 * indent, "\n" line ends), so equal manifests are equal bytes. The builder may depend on nothing
 * but the JDK and commons-compress, hence no JSON library.
 */
public sealed interface Json permits Json.Str, Json.Num, Json.Bool, Json.Arr, Json.Obj {

    /** A JSON string. */
    record Str(String value) implements Json {
    }

    /** A JSON integer (the manifest has no fractions). */
    record Num(long value) implements Json {
    }

    /** A JSON boolean. */
    record Bool(boolean value) implements Json {
    }

    /** A JSON array. */
    record Arr(List<Json> items) implements Json {
        public Arr {
            items = List.copyOf(items);
        }

        public static Arr ofStrings(List<String> values) {
            return new Arr(values.stream().<Json>map(Str::new).toList());
        }
    }

    /** An object; build it with {@link #put} calls in the order the fields should print. */
    final class Obj implements Json {
        private final Map<String, Json> fields = new LinkedHashMap<>();

        public Obj put(String name, Json value) {
            fields.put(name, value);
            return this;
        }

        public Obj put(String name, String value) {
            return put(name, new Str(value));
        }

        public Obj put(String name, long value) {
            return put(name, new Num(value));
        }

        public Obj put(String name, boolean value) {
            return put(name, new Bool(value));
        }

        public Obj putStrings(String name, List<String> values) {
            return put(name, Arr.ofStrings(values));
        }

        public Obj putObjects(String name, List<Obj> values) {
            return put(name, new Arr(new ArrayList<Json>(values)));
        }

        Map<String, Json> fields() {
            return fields;
        }
    }

    static String print(Json value) {
        StringBuilder out = new StringBuilder();
        print(value, out, "");
        return out.append('\n').toString();
    }

    private static void print(Json value, StringBuilder out, String indent) {
        switch (value) {
            case Str s -> quote(s.value(), out);
            case Num n -> out.append(n.value());
            case Bool b -> out.append(b.value());
            case Arr a -> {
                if (a.items().isEmpty()) {
                    out.append("[]");
                    return;
                }
                out.append("[\n");
                for (int i = 0; i < a.items().size(); i++) {
                    out.append(indent).append("  ");
                    print(a.items().get(i), out, indent + "  ");
                    out.append(i + 1 < a.items().size() ? ",\n" : "\n");
                }
                out.append(indent).append(']');
            }
            case Obj o -> {
                if (o.fields().isEmpty()) {
                    out.append("{}");
                    return;
                }
                out.append("{\n");
                int i = 0;
                for (Map.Entry<String, Json> field : o.fields().entrySet()) {
                    out.append(indent).append("  ");
                    quote(field.getKey(), out);
                    out.append(": ");
                    print(field.getValue(), out, indent + "  ");
                    out.append(++i < o.fields().size() ? ",\n" : "\n");
                }
                out.append(indent).append('}');
            }
        }
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
