package dev.ferrum.conductor.api.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.error.InvalidInputException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * The rendering rules one API resource shares with Ironic: fields in Ironic's key order, each shown only
 * from the microversion that added it, a plain-listing subset, and the {@code fields=} parameter (an
 * unknown field is a 400, a field asked for below its microversion a 406).
 *
 * @param <T> the resource's record
 */
public final class FieldTable<T> {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** One field: its wire name, the 1.x minor that added it, and how to render it. */
    public record Field<T>(String name, int sinceMinor, BiFunction<ApiCall, T, JsonNode> value) {
    }

    private final List<Field<T>> fields;
    private final List<String> summary;

    public FieldTable(List<Field<T>> fields, List<String> summary) {
        this.fields = List.copyOf(fields);
        this.summary = List.copyOf(summary);
    }

    public static <T> Field<T> field(String name, int sinceMinor, BiFunction<ApiCall, T, JsonNode> value) {
        return new Field<>(name, sinceMinor, value);
    }

    /** The whole document: show, detail listings, create and patch answers. */
    public ObjectNode full(ApiCall call, T item) {
        return render(call, item, f -> true);
    }

    /** The plain listing's fields. */
    public ObjectNode summary(ApiCall call, T item) {
        return render(call, item, f -> summary.contains(f.name()));
    }

    /** Only {@code wanted}, as {@link #requested} returned it, and the links, which Ironic always keeps. */
    public ObjectNode selected(ApiCall call, T item, Set<String> wanted) {
        return render(call, item, f -> wanted.contains(f.name()) || f.name().equals("links"));
    }

    /** Whether {@code name} is a field of this resource shown at the call's microversion. */
    public boolean visible(ApiCall call, String name) {
        return fields.stream().anyMatch(f -> f.name().equals(name) && call.atLeast(1, f.sinceMinor()));
    }

    /** The {@code fields=} parameter of the call, checked: 400 for unknown names, 406 for too-new ones. */
    public Optional<Set<String>> requested(ApiCall call) {
        Optional<String> raw = call.query("fields");
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        if (!call.atLeast(1, 8)) {
            throw new ApiException(406, "The fields parameter needs API version 1.8 or later.");
        }
        Set<String> wanted = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        List<String> tooNew = new ArrayList<>();
        for (String part : raw.get().split(",")) {
            String name = part.strip();
            if (name.isEmpty()) {
                continue;
            }
            Optional<Field<T>> field = fields.stream().filter(f -> f.name().equals(name)).findFirst();
            if (field.isEmpty()) {
                unknown.add(name);
            } else if (!call.atLeast(1, field.get().sinceMinor())) {
                tooNew.add(name);
            } else {
                wanted.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new InvalidInputException("Field(s) \"" + String.join(", ", unknown) + "\" are not valid.");
        }
        if (!tooNew.isEmpty()) {
            throw new ApiException(406, "Field(s) \"" + String.join(", ", tooNew) + "\" need a newer API"
                    + " version than " + call.version() + "; send a newer X-OpenStack-Ironic-API-Version.");
        }
        return Optional.of(wanted);
    }

    private ObjectNode render(ApiCall call, T item, Predicate<Field<T>> include) {
        ObjectNode out = F.objectNode();
        for (Field<T> field : fields) {
            if (call.atLeast(1, field.sinceMinor()) && include.test(field)) {
                out.set(field.name(), field.value().apply(call, item));
            }
        }
        return out;
    }

    /** A text value or JSON null. */
    public static JsonNode text(Optional<String> value) {
        return value.<JsonNode>map(F::textNode).orElse(F.nullNode());
    }

    /** A time as Ironic writes it, or JSON null. */
    public static JsonNode time(Optional<Instant> value) {
        return value.<JsonNode>map(i -> F.textNode(ApiTimes.format(i))).orElse(F.nullNode());
    }
}
