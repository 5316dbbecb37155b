package dev.ferrum.conductor.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;
import java.util.UUID;

/**
 * Each node's {@link BootRecord} (what its network boot serves), shared by every conductor on the
 * database so that whichever one a machine PXE-boots from serves the boot the node's owner prepared.
 * Goes with the node.
 */
public final class BootStateStore {
    private final Database db;

    BootStateStore(Database db) {
        this.db = db;
    }

    /** Records what {@code node} boots now; {@code NotFoundException} if the node is gone. */
    public void put(UUID node, BootRecord state) {
        db.write("record the boot of node " + node, connection -> {
            Sql.requireNode(connection, node);
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO node_boot_states"
                    + " (node_uuid, mode, purpose, kernel, ramdisk, root_uuid, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (node_uuid) DO UPDATE SET mode = excluded.mode, purpose = excluded.purpose,"
                    + " kernel = excluded.kernel, ramdisk = excluded.ramdisk, root_uuid = excluded.root_uuid,"
                    + " updated_at = excluded.updated_at")) {
                upsert.setString(1, node.toString());
                upsert.setString(2, state.mode());
                Sql.setString(upsert, 3, state.purpose());
                Sql.setString(upsert, 4, state.kernel());
                Sql.setString(upsert, 5, state.ramdisk());
                Sql.setString(upsert, 6, state.rootUuid());
                upsert.setLong(7, Sql.micros(db.now()));
                upsert.executeUpdate();
            }
            return null;
        });
    }

    /** Forgets what {@code node} boots: it is not network-booting any more. */
    public void clear(UUID node) {
        db.write("forget the boot of node " + node, connection -> {
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM node_boot_states WHERE node_uuid = ?")) {
                delete.setString(1, node.toString());
                delete.executeUpdate();
            }
            return null;
        });
    }

    /** What {@code node} boots now; empty when it is not network-booting. */
    public Optional<BootRecord> find(UUID node) {
        return db.read("read the boot of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT mode, purpose, kernel, ramdisk,"
                    + " root_uuid FROM node_boot_states WHERE node_uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.of(new BootRecord(row.getString("mode"), Sql.string(row, "purpose"),
                            Sql.string(row, "kernel"), Sql.string(row, "ramdisk"), Sql.string(row, "root_uuid")))
                            : Optional.empty();
                }
            }
        });
    }
}
