package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Introspection data per node and kind (what the ramdisk sent, what processing made of it); saving
 * again replaces the previous copy. Deleted with the node.
 */
public final class IntrospectionStore {
    private final Database db;

    IntrospectionStore(Database db) {
        this.db = db;
    }

    /** Stores {@code data} for an existing node, replacing an earlier copy of the same kind. */
    public void save(UUID node, IntrospectionDataKind kind, JsonDict data) {
        db.write("save introspection data of node " + node, connection -> {
            try (PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
                exists.setString(1, node.toString());
                try (ResultSet found = exists.executeQuery()) {
                    if (!found.next()) {
                        throw NotFoundException.of("Node", node.toString());
                    }
                }
            }
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO introspection_data (node_uuid,"
                    + " kind, data, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (node_uuid, kind)"
                    + " DO UPDATE SET data = excluded.data, created_at = excluded.created_at")) {
                upsert.setString(1, node.toString());
                upsert.setString(2, kind.name());
                upsert.setString(3, data.toString());
                upsert.setLong(4, Sql.micros(db.now()));
                upsert.executeUpdate();
            }
            return null;
        });
    }

    /** The stored data of that kind, if any. */
    public Optional<JsonDict> load(UUID node, IntrospectionDataKind kind) {
        return db.read("load introspection data of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT data FROM introspection_data WHERE node_uuid = ? AND kind = ?")) {
                query.setString(1, node.toString());
                query.setString(2, kind.name());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.of(JsonDict.of(db.parseObject(row.getString(1)))) : Optional.empty();
                }
            }
        });
    }

    /** When data of that kind was last saved, if any: what tells a report already received from one still awaited. */
    public Optional<Instant> savedAt(UUID node, IntrospectionDataKind kind) {
        return db.read("read when introspection data of node " + node + " was saved", connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT created_at FROM introspection_data WHERE node_uuid = ? AND kind = ?")) {
                query.setString(1, node.toString());
                query.setString(2, kind.name());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.of(Sql.instant(row.getLong(1))) : Optional.empty();
                }
            }
        });
    }
}
