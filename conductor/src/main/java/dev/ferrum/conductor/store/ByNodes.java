package dev.ferrum.conductor.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One query for a whole page of nodes instead of one per node: {@code WHERE <key> IN (?, …)}, in chunks
 * small enough for any SQLite build's bound-parameter limit (999 before 3.32).
 */
final class ByNodes {
    private static final int CHUNK = 500;

    /** Reads one value from a row; the key column is read by {@link #read}. */
    @FunctionalInterface
    interface RowValue<V> {
        V read(ResultSet row) throws SQLException;
    }

    private ByNodes() {
    }

    /**
     * {@code select} with its {@code %s} replaced by the placeholders, run for {@code nodes} chunk by chunk;
     * each row's {@code keyColumn} (a node uuid) maps to its value. Nodes without a row are absent.
     */
    static <V> Map<UUID, V> read(Connection connection, String select, String keyColumn, Collection<UUID> nodes,
                                 RowValue<V> value) throws SQLException {
        List<UUID> all = List.copyOf(nodes);
        Map<UUID, V> found = new HashMap<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            List<UUID> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
            String marks = String.join(", ", java.util.Collections.nCopies(chunk.size(), "?"));
            try (PreparedStatement query = connection.prepareStatement(select.formatted(marks))) {
                for (int i = 0; i < chunk.size(); i++) {
                    query.setString(i + 1, chunk.get(i).toString());
                }
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        found.put(UUID.fromString(rows.getString(keyColumn)), value.read(rows));
                    }
                }
            }
        }
        return found;
    }
}
