package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A node's history, oldest first. State changes append here from inside {@link Store#transition}'s
 * transaction; other noteworthy events (a power state found out of sync, a lock broken) append
 * through {@link #append}.
 */
public final class NodeHistoryStore {
    private final Database db;

    NodeHistoryStore(Database db) {
        this.db = db;
    }

    /** Appends an entry for an existing node. */
    public NodeEvent append(NodeEvent event) {
        return db.write("append history of node " + event.nodeUuid(), connection -> {
            try (PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
                exists.setString(1, event.nodeUuid().toString());
                try (ResultSet found = exists.executeQuery()) {
                    if (!found.next()) {
                        throw NotFoundException.of("Node", event.nodeUuid().toString());
                    }
                }
            }
            insert(connection, event);
            return event;
        });
    }

    /** Every entry of the node, in the order appended; empty for an unknown node. */
    public List<NodeEvent> list(UUID node) {
        return db.read("read history of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM node_history WHERE node_uuid = ? ORDER BY id")) {
                query.setString(1, node.toString());
                try (ResultSet rows = query.executeQuery()) {
                    List<NodeEvent> events = new ArrayList<>();
                    while (rows.next()) {
                        events.add(new NodeEvent(UUID.fromString(rows.getString("uuid")),
                                UUID.fromString(rows.getString("node_uuid")),
                                Sql.instant(rows.getLong("created_at")),
                                ProvisionState.fromWire(rows.getString("from_state")),
                                ProvisionState.fromWire(rows.getString("to_state")),
                                rows.getString("event"),
                                NodeEvent.Severity.valueOf(rows.getString("severity")),
                                rows.getString("message"),
                                Sql.string(rows, "conductor")));
                    }
                    return events;
                }
            }
        });
    }

    /** Inserts inside the caller's transaction. */
    void insert(Connection connection, NodeEvent event) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO node_history (uuid, node_uuid,"
                + " created_at, from_state, to_state, event, severity, message, conductor)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            insert.setString(1, event.uuid().toString());
            insert.setString(2, event.nodeUuid().toString());
            insert.setLong(3, Sql.micros(event.createdAt()));
            insert.setString(4, event.fromState().wireName());
            insert.setString(5, event.toState().wireName());
            insert.setString(6, event.event());
            insert.setString(7, event.severity().name());
            insert.setString(8, event.message());
            Sql.setString(insert, 9, event.conductor());
            insert.executeUpdate();
        }
    }
}
