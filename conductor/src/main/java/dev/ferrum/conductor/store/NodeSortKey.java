package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The node fields a listing can be sorted by (the API's {@code sort_key}); ties are broken by uuid so
 * marker pagination never skips or repeats a node.
 */
public enum NodeSortKey {
    UUID("uuid", false),
    NAME("name", true),
    CREATED_AT("created_at", false),
    UPDATED_AT("updated_at", true),
    PROVISION_STATE("provision_state", false),
    DRIVER("driver", false),
    RESOURCE_CLASS("resource_class", true);

    private final String column;
    private final boolean nullable;

    NodeSortKey(String column, boolean nullable) {
        this.column = column;
        this.nullable = nullable;
    }

    /** The API's name for the key, which is also the column. */
    public String fieldName() {
        return column;
    }

    /** Parses the API's {@code sort_key}; unsupported keys are the caller's error. */
    public static NodeSortKey fromField(String field) {
        return Arrays.stream(values()).filter(k -> k.column.equals(field.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new InvalidInputException("The sort_key value \"" + field + "\" is not supported;"
                        + " use one of " + Arrays.stream(values()).map(NodeSortKey::fieldName).toList() + "."));
    }

    String column() {
        return column;
    }

    boolean isText() {
        return this != CREATED_AT && this != UPDATED_AT;
    }

    /** The ORDER BY expression; NULL sorts as the smallest value on both engines. */
    String expression(Dialect dialect) {
        if (!nullable) {
            return column + (isText() ? dialect.bytewise() : "");
        }
        return isText() ? "COALESCE(" + column + ", '')" + dialect.bytewise() : "COALESCE(" + column + ", -1)";
    }
}
