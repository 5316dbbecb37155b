package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a rule condition looks, as inspector writes it: {@code data://} (the default) or {@code node://} and a
 * JSON path into that document, the subset rules use in practice: dotted keys, {@code [n]} indexes and
 * {@code [*]} or {@code *} wildcards, an optional leading {@code $.}. A wildcard path yields several values,
 * which the condition's {@code multiple} combines.
 */
public record FieldPath(Source source, String text, List<String> segments) {
    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z0-9_\\-]+|\\*)((?:\\[(?:\\d+|\\*)])*)");
    private static final Pattern INDEX = Pattern.compile("\\[(\\d+|\\*)]");

    /** Which document the path reads. */
    public enum Source {
        DATA("data://"),
        NODE("node://");

        private final String prefix;

        Source(String prefix) {
            this.prefix = prefix;
        }
    }

    public FieldPath {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        segments = List.copyOf(segments);
    }

    /** Parses {@code field}; a path outside the subset is a 400 naming it. */
    public static FieldPath parse(String field) {
        Source source = Source.DATA;
        String path = field.strip();
        for (Source candidate : Source.values()) {
            if (path.startsWith(candidate.prefix)) {
                source = candidate;
                path = path.substring(candidate.prefix.length());
            }
        }
        if (path.startsWith("$.")) {
            path = path.substring(2);
        }
        if (path.isEmpty()) {
            throw new InvalidInputException("Invalid field \"" + field + "\": the path is empty.");
        }
        List<String> segments = new ArrayList<>();
        for (String part : path.split("\\.", -1)) {
            Matcher m = SEGMENT.matcher(part);
            if (!m.matches()) {
                throw new InvalidInputException("Invalid field \"" + field + "\": \"" + part + "\" is not a key,"
                        + " key[n], key[*] or *.");
            }
            segments.add(m.group(1));
            Matcher index = INDEX.matcher(m.group(2));
            while (index.find()) {
                segments.add("[" + index.group(1) + "]");
            }
        }
        return new FieldPath(source, field, segments);
    }

    /** Every value the path reaches in {@code root}, in document order; none when a key is missing. */
    public List<JsonNode> resolve(JsonNode root) {
        List<JsonNode> current = List.of(root);
        for (String segment : segments) {
            List<JsonNode> next = new ArrayList<>();
            for (JsonNode node : current) {
                step(node, segment, next);
            }
            current = next;
        }
        return current;
    }

    private static void step(JsonNode node, String segment, List<JsonNode> out) {
        if (segment.equals("*") || segment.equals("[*]")) {
            node.elements().forEachRemaining(out::add);
        } else if (segment.startsWith("[")) {
            JsonNode item = node.isArray() ? node.get(Integer.parseInt(segment.substring(1, segment.length() - 1)))
                    : null;
            if (item != null) {
                out.add(item);
            }
        } else if (node.isObject() && node.has(segment)) {
            out.add(node.get(segment));
        }
    }
}
