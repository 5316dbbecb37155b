package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.HistoryEntry;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.history.RequestUser;
import dev.ferrum.conductor.state.ProvisionState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Nodes' timelines, oldest first. State changes append here from inside {@link Store#transition}'s
 * transaction; every other event (power, maintenance, steps, the agent, locks) appends through
 * {@link #append}. Entries carry a fleet-wide increasing id, the event stream's cursor.
 */
public final class NodeHistoryStore {
    /** The statement {@link #insert(PreparedStatement, NodeEvent)} runs. */
    static final String INSERT = "INSERT INTO node_history (uuid, node_uuid, created_at, from_state, to_state, event,"
            + " severity, message, conductor, event_type, kind, user_name, details)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
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
            return insert(connection, event);
        });
    }

    /** Every entry of the node, in the order appended; empty for an unknown node. */
    public List<NodeEvent> list(UUID node) {
        return page(node, Optional.empty(), Integer.MAX_VALUE).stream().map(HistoryEntry::event).toList();
    }

    /**
     * At most {@code limit} entries of the node, oldest first, starting after the entry {@code marker} (a record
     * uuid of this node; 404 when it names none).
     */
    public List<HistoryEntry> page(UUID node, Optional<UUID> marker, int limit) {
        return db.read("read history of node " + node, connection -> {
            long after = 0;
            if (marker.isPresent()) {
                after = idOf(connection, node, marker.get()).orElseThrow(
                        () -> NotFoundException.of("Node history record", marker.get().toString()));
            }
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM node_history WHERE node_uuid = ? AND id > ? ORDER BY id LIMIT ?")) {
                query.setString(1, node.toString());
                query.setLong(2, after);
                query.setInt(3, limit);
                return rows(query);
            }
        });
    }

    /** One entry of the node. */
    public Optional<HistoryEntry> get(UUID node, UUID entry) {
        return db.read("read history record " + entry, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM node_history WHERE node_uuid = ? AND uuid = ?")) {
                query.setString(1, node.toString());
                query.setString(2, entry.toString());
                return rows(query).stream().findFirst();
            }
        });
    }

    /** The fleet's entries written after {@code id}, oldest first, at most {@code limit}; the stream's feed. */
    public List<HistoryEntry> after(long id, int limit) {
        return db.read("read the fleet's history after " + id, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM node_history WHERE id > ? ORDER BY id LIMIT ?")) {
                query.setLong(1, id);
                query.setInt(2, limit);
                return rows(query);
            }
        });
    }

    /** The id of the newest entry of the fleet, 0 when there is none: a stream with no cursor starts here. */
    public long latestId() {
        return db.read("read the newest history id", connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT MAX(id) FROM node_history");
                 ResultSet row = query.executeQuery()) {
                return row.next() ? row.getLong(1) : 0L;
            }
        });
    }

    /**
     * Ironic's history cleanup: deletes up to {@code batch} entries older than {@code before} that have at least
     * {@code keep} newer entries of the same node. Returns how many went.
     */
    public int prune(int keep, Instant before, int batch) {
        return db.write("prune node history", connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM node_history WHERE id IN"
                    + " (SELECT h.id FROM node_history h WHERE h.created_at < ? AND (SELECT COUNT(*) FROM"
                    + " node_history n WHERE n.node_uuid = h.node_uuid AND n.id > h.id) >= ? ORDER BY h.id LIMIT ?)")) {
                delete.setLong(1, Sql.micros(before));
                delete.setInt(2, keep);
                delete.setInt(3, batch);
                return delete.executeUpdate();
            }
        });
    }

    private static Optional<Long> idOf(Connection connection, UUID node, UUID entry) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT id FROM node_history WHERE node_uuid = ? AND uuid = ?")) {
            query.setString(1, node.toString());
            query.setString(2, entry.toString());
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.of(row.getLong(1)) : Optional.empty();
            }
        }
    }

    private List<HistoryEntry> rows(PreparedStatement query) throws SQLException {
        try (ResultSet rows = query.executeQuery()) {
            List<HistoryEntry> entries = new ArrayList<>();
            while (rows.next()) {
                entries.add(new HistoryEntry(rows.getLong("id"), new NodeEvent(UUID.fromString(rows.getString("uuid")),
                        UUID.fromString(rows.getString("node_uuid")),
                        Sql.instant(rows.getLong("created_at")),
                        ProvisionState.fromWire(rows.getString("from_state")),
                        ProvisionState.fromWire(rows.getString("to_state")),
                        rows.getString("event"),
                        NodeEvent.Severity.valueOf(rows.getString("severity")),
                        rows.getString("message"),
                        Sql.string(rows, "conductor"),
                        rows.getString("event_type"),
                        rows.getString("kind"),
                        Sql.string(rows, "user_name"),
                        db.parseObject(rows.getString("details")))));
            }
            return entries;
        }
    }

    /** Inserts inside the caller's transaction, naming the user the thread works for; returns what it wrote. */
    NodeEvent insert(Connection connection, NodeEvent given) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            return insert(insert, given);
        }
    }

    /**
     * {@link #insert(Connection, NodeEvent)} through {@code insert}, the caller's prepared {@link #INSERT} (a batch
     * writing many entries prepares it once).
     */
    NodeEvent insert(PreparedStatement insert, NodeEvent given) throws SQLException {
        NodeEvent event = bind(insert, given);
        insert.executeUpdate();
        return event;
    }

    /** Sets {@link #INSERT}'s parameters for {@code given} (for a caller adding it to a JDBC batch); returns it stamped. */
    NodeEvent bind(PreparedStatement insert, NodeEvent given) throws SQLException {
        NodeEvent event = RequestUser.stamp(given);
        insert.setString(1, event.uuid().toString());
        insert.setString(2, event.nodeUuid().toString());
        insert.setLong(3, Sql.micros(event.createdAt()));
        insert.setString(4, event.fromState().wireName());
        insert.setString(5, event.toState().wireName());
        insert.setString(6, event.event());
        insert.setString(7, event.severity().name());
        insert.setString(8, event.message());
        Sql.setString(insert, 9, event.conductor());
        insert.setString(10, event.eventType());
        insert.setString(11, event.kind());
        Sql.setString(insert, 12, event.user());
        insert.setString(13, db.toJson(event.details()));
        return event;
    }
}
