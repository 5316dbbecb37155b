package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A port's {@code internal_info}: what the conductor records on a port for itself, such as the VIF attached
 * to it ({@code tenant_vif_port_id}). Kept apart from the port's user-set fields so attaching a VIF never
 * races an operator's port update over the same row version.
 */
public final class PortInternalInfoStore {
    private final Database db;

    PortInternalInfoStore(Database db) {
        this.db = db;
    }

    /** The internal_info of the port, or {@link NotFoundException}. */
    public JsonDict get(UUID port) {
        return db.read("read internal_info of port " + port, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT internal_info FROM ports WHERE uuid = ?")) {
                query.setString(1, port.toString());
                try (ResultSet row = query.executeQuery()) {
                    if (!row.next()) {
                        throw NotFoundException.of("Port", port.toString());
                    }
                    return JsonDict.of(db.parseObject(row.getString(1)));
                }
            }
        });
    }

    /** Each port of {@code node} with its internal_info, in port uuid order. */
    public Map<UUID, JsonDict> byNode(UUID node) {
        return db.read("read internal_info of the ports of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT uuid, internal_info FROM ports"
                    + " WHERE node_uuid = ? ORDER BY uuid" + db.dialect().bytewise())) {
                query.setString(1, node.toString());
                try (ResultSet rows = query.executeQuery()) {
                    Map<UUID, JsonDict> out = new LinkedHashMap<>();
                    while (rows.next()) {
                        out.put(UUID.fromString(rows.getString(1)), JsonDict.of(db.parseObject(rows.getString(2))));
                    }
                    return out;
                }
            }
        });
    }

    /** Replaces the port's internal_info and stamps its updated_at; {@link NotFoundException} if it is gone. */
    public void set(UUID port, JsonDict internalInfo) {
        db.write("write internal_info of port " + port, connection -> {
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE ports SET internal_info = ?, updated_at = ? WHERE uuid = ?")) {
                update.setString(1, internalInfo.toString());
                update.setLong(2, Sql.micros(db.now()));
                update.setString(3, port.toString());
                if (update.executeUpdate() != 1) {
                    throw NotFoundException.of("Port", port.toString());
                }
            }
            return null;
        });
    }
}
