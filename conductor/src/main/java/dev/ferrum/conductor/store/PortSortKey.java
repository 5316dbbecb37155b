package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.port.Port;
import java.util.Arrays;
import java.util.Locale;

/**
 * The port fields a listing can be sorted by (the API's {@code sort_key}); ties are broken by uuid so marker
 * pagination never skips or repeats a port. {@link #CREATED_AT} is Ironic's default order (its row id).
 */
public enum PortSortKey {
    UUID("uuid", true, false),
    ADDRESS("address", true, false),
    CREATED_AT("created_at", false, false),
    UPDATED_AT("updated_at", false, true);

    private final String column;
    private final boolean text;
    private final boolean nullable;

    PortSortKey(String column, boolean text, boolean nullable) {
        this.column = column;
        this.text = text;
        this.nullable = nullable;
    }

    /** Parses the API's {@code sort_key}; unsupported keys are a 400 naming the ones that are. */
    public static PortSortKey fromField(String field) {
        return Arrays.stream(values()).filter(k -> k.column.equals(field.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new InvalidInputException("The sort_key value \"" + field + "\" is an invalid field"
                        + " for sorting; use one of " + Arrays.stream(values()).map(k -> k.column).toList() + "."));
    }

    /** The ORDER BY and comparison expression; NULL sorts as the smallest value on both engines. */
    String expression(Dialect dialect) {
        if (text) {
            return column + dialect.bytewise();
        }
        return nullable ? "COALESCE(" + column + ", -1)" : column;
    }

    /** The marker port's value of this key, as the expression compares it. */
    Object valueOf(Port port) {
        return switch (this) {
            case UUID -> port.uuid().toString();
            case ADDRESS -> port.address().value();
            case CREATED_AT -> Sql.micros(port.createdAt());
            case UPDATED_AT -> port.updatedAt().map(Sql::micros).orElse(-1L);
        };
    }
}
