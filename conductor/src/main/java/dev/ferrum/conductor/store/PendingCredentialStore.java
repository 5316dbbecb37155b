package dev.ferrum.conductor.store;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;
import java.util.UUID;

/**
 * BMC credentials waiting to be set in band during a node's inspection, one set per node, sealed at rest as
 * driver_info's secrets are (a {@code password} key is a secret). Deleted with the node or once verified.
 */
public final class PendingCredentialStore {
    private final Database db;
    private final DriverInfoSealer sealer;

    PendingCredentialStore(Database db, DriverInfoSealer sealer) {
        this.db = db;
        this.sealer = sealer;
    }

    /** Stores {@code credentials} for the node, replacing earlier ones. */
    public void put(UUID node, JsonDict credentials) {
        db.write("store pending BMC credentials of node " + node, connection -> {
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO inspection_credentials"
                    + " (node_uuid, credentials, created_at) VALUES (?, ?, ?) ON CONFLICT (node_uuid) DO UPDATE"
                    + " SET credentials = excluded.credentials, created_at = excluded.created_at")) {
                upsert.setString(1, node.toString());
                upsert.setString(2, sealer.seal(node, credentials).toString());
                upsert.setLong(3, Sql.micros(db.now()));
                upsert.executeUpdate();
            }
            return null;
        });
    }

    public Optional<JsonDict> find(UUID node) {
        return db.read("read pending BMC credentials of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT credentials FROM inspection_credentials WHERE node_uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.of(sealer.open(node, JsonDict.of(db.parseObject(row.getString(1)))))
                            : Optional.empty();
                }
            }
        });
    }

    public void delete(UUID node) {
        db.write("delete pending BMC credentials of node " + node, connection -> {
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM inspection_credentials WHERE node_uuid = ?")) {
                delete.setString(1, node.toString());
                delete.executeUpdate();
            }
            return null;
        });
    }
}
