package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;

/**
 * The keyset paging the smaller resources share: filters, then ({@code sort key}, uuid) order after the
 * marker row, read with sub-selects so no value crosses the JDBC type line. Nullable keys sort as the
 * smallest value on both engines, text compares bytewise on both. An unknown marker is a 404.
 */
final class ListingSql {
    /** What a sortable column holds, which decides its ORDER BY expression. */
    enum Kind {
        TEXT, NULLABLE_TEXT, NUMBER, NULLABLE_NUMBER
    }

    /** Reads one row into the resource's record. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** What each table's rows are called in Ironic's "not found" messages. */
    private static final Map<String, String> KINDS = Map.of("chassis", "Chassis", "deploy_templates",
            "Deploy template", "portgroups", "Portgroup", "volume_connectors", "Volume connector",
            "volume_targets", "Volume target");

    private ListingSql() {
    }

    /**
     * One page of {@code table} rows matching {@code where} (with {@code args}); {@code sortable} maps
     * the API's sort keys to columns' kinds ({@code id} is always taken, as creation order).
     */
    static <T> Page<T> page(Database db, Connection connection, String table, String columns,
                            Map<String, Kind> sortable, Listing listing, List<String> where, List<Object> args,
                            RowReader<T> reader, Function<T, UUID> id) throws SQLException {
        String key = expression(db.dialect(), sortable, listing.sortKey());
        String uuid = "uuid" + db.dialect().bytewise();
        String after = listing.direction() == SortDirection.ASC ? ">" : "<";
        List<String> conditions = new ArrayList<>(where);
        List<Object> values = new ArrayList<>(args);
        if (listing.marker().isPresent()) {
            String marker = listing.marker().get().toString();
            if (!exists(connection, table, marker)) {
                // Ironic looks the marker up like any other item, so an unknown one is its 404.
                throw NotFoundException.of(KINDS.getOrDefault(table, table), marker);
            }
            String markerKey = "(SELECT " + key + " FROM " + table + " WHERE uuid = ?)";
            conditions.add("(" + key + " " + after + " " + markerKey + " OR (" + key + " = " + markerKey
                    + " AND " + uuid + " " + after + " ?))");
            values.addAll(List.of(marker, marker, marker));
        }
        String direction = listing.direction() == SortDirection.ASC ? " ASC" : " DESC";
        String sql = "SELECT " + columns + " FROM " + table + " WHERE "
                + (conditions.isEmpty() ? "1 = 1" : String.join(" AND ", conditions))
                + " ORDER BY " + key + direction + ", " + uuid + direction + " LIMIT " + listing.limit();
        List<T> items = select(connection, sql, values, reader);
        Optional<UUID> next = items.size() == listing.limit()
                ? Optional.of(id.apply(items.get(items.size() - 1))) : Optional.empty();
        return new Page<>(items, next);
    }

    static <T> List<T> select(Connection connection, String sql, List<Object> args, RowReader<T> reader)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                query.setObject(i + 1, Objects.requireNonNull(args.get(i)));
            }
            try (ResultSet rows = query.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rows.next()) {
                    out.add(reader.read(rows));
                }
                return out;
            }
        }
    }

    private static boolean exists(Connection connection, String table, String uuid) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM " + table + " WHERE uuid = ?")) {
            query.setString(1, uuid);
            try (ResultSet row = query.executeQuery()) {
                return row.next();
            }
        }
    }

    private static String expression(Dialect dialect, Map<String, Kind> sortable, String sortKey) {
        if (sortKey.equals("id")) {
            return "created_at";
        }
        Kind kind = sortable.get(sortKey);
        if (kind == null) {
            throw new InvalidInputException("The sort_key value \"" + sortKey + "\" is an invalid field for"
                    + " sorting; use one of " + new TreeSet<>(sortable.keySet()) + ".");
        }
        return switch (kind) {
            case TEXT -> sortKey + dialect.bytewise();
            case NULLABLE_TEXT -> "COALESCE(" + sortKey + ", '')" + dialect.bytewise();
            case NUMBER -> sortKey;
            case NULLABLE_NUMBER -> "COALESCE(" + sortKey + ", -1)";
        };
    }
}
