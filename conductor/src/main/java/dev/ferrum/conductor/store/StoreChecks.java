package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

/** Checks the stores of a node's satellites (portgroups, volume records) share, inside their transaction. */
final class StoreChecks {
    private StoreChecks() {
    }

    /** {@link NotFoundException} unless the node exists. */
    static void nodeExists(Connection connection, UUID node) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
            query.setString(1, node.toString());
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw NotFoundException.of("Node", node.toString());
                }
            }
        }
    }

    /** Deletes the row of {@code table} with this uuid, or {@link NotFoundException} naming {@code kind}. */
    static void deleteRow(Connection connection, String table, UUID uuid, String kind) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE uuid = ?")) {
            delete.setString(1, uuid.toString());
            if (delete.executeUpdate() != 1) {
                throw NotFoundException.of(kind, uuid.toString());
            }
        }
    }
}
