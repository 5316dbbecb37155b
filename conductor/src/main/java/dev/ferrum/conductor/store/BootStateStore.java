package dev.ferrum.conductor.store;

import dev.ferrum.conductor.driver.boot.BootState;
import dev.ferrum.conductor.driver.boot.NetbootInstance;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/**
 * Each node's {@link BootState}, shared by every conductor on the database so that whichever one a
 * machine PXE-boots from serves the boot the node's owner prepared. Goes with the node.
 */
public final class BootStateStore {
    private final Database db;

    BootStateStore(Database db) {
        this.db = db;
    }

    /** Records what {@code node} boots now; {@link NotFoundException} if the node is gone. */
    public void put(UUID node, BootState state) {
        db.write("record the boot of node " + node, connection -> {
            Sql.requireNode(connection, node);
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO node_boot_states"
                    + " (node_uuid, mode, purpose, kernel, ramdisk, root_uuid, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (node_uuid) DO UPDATE SET mode = excluded.mode, purpose = excluded.purpose,"
                    + " kernel = excluded.kernel, ramdisk = excluded.ramdisk, root_uuid = excluded.root_uuid,"
                    + " updated_at = excluded.updated_at")) {
                upsert.setString(1, node.toString());
                Optional<RamdiskPurpose> purpose = state instanceof BootState.Ramdisk ramdisk
                        ? Optional.of(ramdisk.purpose()) : Optional.empty();
                Optional<NetbootInstance> instance = state instanceof BootState.Netboot netboot
                        ? Optional.of(netboot.instance()) : Optional.empty();
                upsert.setString(2, mode(state));
                upsert.setString(3, purpose.map(Enum::name).orElse(null));
                upsert.setString(4, instance.map(NetbootInstance::kernel).orElse(null));
                upsert.setString(5, instance.map(NetbootInstance::ramdisk).orElse(null));
                upsert.setString(6, instance.map(NetbootInstance::rootUuid).orElse(null));
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
    public Optional<BootState> find(UUID node) {
        return db.read("read the boot of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT mode, purpose, kernel, ramdisk,"
                    + " root_uuid FROM node_boot_states WHERE node_uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.of(state(node, row)) : Optional.empty();
                }
            }
        });
    }

    private static String mode(BootState state) {
        return switch (state) {
            case BootState.Ramdisk ignored -> "ramdisk";
            case BootState.LocalDisk ignored -> "local";
            case BootState.Netboot ignored -> "netboot";
        };
    }

    private static BootState state(UUID node, ResultSet row) throws SQLException {
        String mode = row.getString(1);
        return switch (mode) {
            case "ramdisk" -> new BootState.Ramdisk(RamdiskPurpose.valueOf(row.getString(2)));
            case "local" -> new BootState.LocalDisk();
            case "netboot" -> new BootState.Netboot(new NetbootInstance(row.getString(3), row.getString(4),
                    row.getString(5)));
            default -> throw new IllegalStateException("node " + node + " has an unknown boot mode '" + mode
                    + "' in node_boot_states; a newer conductor wrote it, run conductors of one version");
        };
    }
}
