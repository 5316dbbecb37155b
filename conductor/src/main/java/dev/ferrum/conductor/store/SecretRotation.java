package dev.ferrum.conductor.store;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Re-encrypts every node's driver_info secrets with the current key: those in clear and those sealed
 * with an old key. Only the driver_info column changes, and only if the node's version is still the
 * one read; the node's version stays, so flows holding the node see no conflict (a write that races
 * the rotation seals with the current key anyway).
 */
public final class SecretRotation {
    private final Database db;
    private final DriverInfoSealer sealer;

    SecretRotation(Database db, DriverInfoSealer sealer) {
        this.db = db;
        this.sealer = sealer;
    }

    /** What a rotation did: nodes rewritten, and nodes changed underneath it (rewritten by their own writer). */
    public record Result(int resealed, int raced) {
    }

    /** Reseals every node that needs it; nothing happens without a current key. */
    public Result resealAll() {
        if (!sealer.keys().enabled()) {
            return new Result(0, 0);
        }
        record Stored(UUID uuid, long version, JsonDict driverInfo) {
        }
        List<Stored> stale = db.read("read nodes' driver_info for rotation", connection -> {
            List<Stored> found = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT uuid, version, driver_info FROM nodes");
                 ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    JsonDict info = JsonDict.of(db.parseObject(rows.getString("driver_info")));
                    if (sealer.needsResealing(info)) {
                        found.add(new Stored(UUID.fromString(rows.getString("uuid")), rows.getLong("version"), info));
                    }
                }
            }
            return found;
        });
        int resealed = 0;
        int raced = 0;
        for (Stored node : stale) {
            String sealed = sealer.seal(node.uuid(), sealer.open(node.uuid(), node.driverInfo())).toString();
            int changed = db.write("reseal node " + node.uuid(), connection -> {
                try (PreparedStatement update = connection.prepareStatement(
                        "UPDATE nodes SET driver_info = ? WHERE uuid = ? AND version = ?")) {
                    update.setString(1, sealed);
                    update.setString(2, node.uuid().toString());
                    update.setLong(3, node.version());
                    return update.executeUpdate();
                }
            });
            if (changed == 1) {
                resealed++;
            } else {
                raced++;
            }
        }
        return new Result(resealed, raced);
    }
}
