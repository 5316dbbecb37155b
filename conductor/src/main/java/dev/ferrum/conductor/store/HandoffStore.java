package dev.ferrum.conductor.store;

import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.node.PowerState;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Work handed to a node's ring owner ({@code node_handoffs}): put by the conductor whose API took the
 * request, claimed once by the owner; one pending per node and {@link Handoff.Lane lane}. Goes with the node.
 */
public final class HandoffStore {
    private final Database db;

    HandoffStore(Database db) {
        this.db = db;
    }

    /** Leaves {@code handoff} for the owner, replacing an unclaimed one of the same node and lane. */
    public void put(Handoff handoff) {
        db.write("hand node " + handoff.node() + " to its owner", connection -> {
            Sql.requireNode(connection, handoff.node());
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO node_handoffs"
                    + " (node_uuid, lane, work, power_target, ramdisk_ran, requested_by, requested_at, requested_user)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (node_uuid, lane) DO UPDATE SET work = excluded.work,"
                    + " power_target = excluded.power_target, ramdisk_ran = excluded.ramdisk_ran,"
                    + " requested_by = excluded.requested_by, requested_at = excluded.requested_at,"
                    + " requested_user = excluded.requested_user")) {
                bind(upsert, handoff);
                upsert.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Puts back {@code handoff}, claimed but not carried out (its node stayed locked), for a later poll; a newer
     * request of its node and lane that arrived meanwhile stays instead. True when it was put back.
     */
    public boolean putBack(Handoff handoff) {
        return db.write("hand node " + handoff.node() + " back to its owner", connection -> {
            Sql.requireNode(connection, handoff.node());
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO node_handoffs"
                    + " (node_uuid, lane, work, power_target, ramdisk_ran, requested_by, requested_at, requested_user)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (node_uuid, lane) DO NOTHING")) {
                bind(insert, handoff);
                return insert.executeUpdate() == 1;
            }
        });
    }

    /** Every unclaimed handoff, oldest first. */
    public List<Handoff> list() {
        return db.read("list handed-off work", connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT node_uuid, work, ramdisk_ran,"
                    + " power_target, requested_by, requested_at, requested_user FROM node_handoffs"
                    + " ORDER BY requested_at, node_uuid, lane")) {
                try (ResultSet rows = query.executeQuery()) {
                    List<Handoff> out = new ArrayList<>();
                    while (rows.next()) {
                        out.add(new Handoff(UUID.fromString(rows.getString(1)), Handoff.Work.valueOf(rows.getString(2)),
                                rows.getBoolean(3), Optional.ofNullable(rows.getString(4)).map(PowerState::fromWire),
                                rows.getString(5), Sql.instant(rows.getLong(6)), Optional.ofNullable(rows.getString(7))));
                    }
                    return out;
                }
            }
        });
    }

    /**
     * Takes {@code handoff} for this conductor: true exactly once, for the one caller that removed it
     * unchanged (a newer request for the node replaced it otherwise).
     */
    public boolean claim(Handoff handoff) {
        return db.write("claim handed-off work of node " + handoff.node(), connection -> {
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM node_handoffs WHERE node_uuid = ? AND requested_at = ? AND work = ?")) {
                delete.setString(1, handoff.node().toString());
                delete.setLong(2, Sql.micros(handoff.requestedAt()));
                delete.setString(3, handoff.work().name());
                return delete.executeUpdate() == 1;
            }
        });
    }

    private static void bind(PreparedStatement statement, Handoff handoff) throws java.sql.SQLException {
        statement.setString(1, handoff.node().toString());
        statement.setString(2, handoff.work().lane().name());
        statement.setString(3, handoff.work().name());
        Sql.setString(statement, 4, handoff.power().map(PowerState::wireName));
        statement.setBoolean(5, handoff.ramdiskRan());
        statement.setString(6, handoff.requestedBy());
        statement.setLong(7, Sql.micros(handoff.requestedAt()));
        Sql.setString(statement, 8, handoff.user());
    }
}
