package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.firmware.FirmwareComponent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The firmware components each node's firmware interface recorded, by node and component, deleted with the
 * node. A component's first record fixes its initial version; later ones move its current version and, for a
 * flash, the version last flashed.
 */
public final class FirmwareComponentStore {
    private static final String COLUMNS = "component, initial_version, current_version, last_version_flashed,"
            + " created_at, updated_at";

    private final Database db;

    FirmwareComponentStore(Database db) {
        this.db = db;
    }

    /** The node's components in name order. */
    public List<FirmwareComponent> list(UUID node) {
        return db.read("list firmware components of node " + node, c -> select(c, node, Optional.empty()));
    }

    public Optional<FirmwareComponent> find(UUID node, String component) {
        return db.read("read firmware component " + component + " of node " + node, c -> {
            List<FirmwareComponent> found = select(c, node, Optional.of(component));
            return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
        });
    }

    /** Records that {@code component} is at {@code version}, {@code flashed} when a step just flashed it. */
    public void record(UUID node, String component, String version, boolean flashed) {
        db.write("record firmware component " + component + " of node " + node, c -> {
            List<FirmwareComponent> known = select(c, node, Optional.of(component));
            if (known.isEmpty()) {
                requireNode(c, node);
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO firmware_components (node_uuid, "
                        + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, NULL)")) {
                    insert.setString(1, node.toString());
                    insert.setString(2, component);
                    insert.setString(3, version);
                    insert.setString(4, version);
                    Sql.setString(insert, 5, flashed ? Optional.of(version) : Optional.empty());
                    insert.setLong(6, Sql.micros(db.now()));
                    insert.executeUpdate();
                }
                return null;
            }
            FirmwareComponent old = known.get(0);
            Optional<String> last = flashed ? Optional.of(version) : old.lastVersionFlashed();
            if (old.currentVersion().equals(version) && old.lastVersionFlashed().equals(last)) {
                return null;
            }
            try (PreparedStatement update = c.prepareStatement("UPDATE firmware_components SET current_version = ?,"
                    + " last_version_flashed = ?, updated_at = ? WHERE node_uuid = ? AND component = ?")) {
                update.setString(1, version);
                Sql.setString(update, 2, last);
                update.setLong(3, Sql.micros(db.now()));
                update.setString(4, node.toString());
                update.setString(5, component);
                update.executeUpdate();
            }
            return null;
        });
    }

    private static void requireNode(Connection c, UUID node) throws SQLException {
        try (PreparedStatement exists = c.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
            exists.setString(1, node.toString());
            try (ResultSet found = exists.executeQuery()) {
                if (!found.next()) {
                    throw NotFoundException.of("Node", node.toString());
                }
            }
        }
    }

    private List<FirmwareComponent> select(Connection c, UUID node, Optional<String> component) throws SQLException {
        try (PreparedStatement query = c.prepareStatement("SELECT " + COLUMNS + " FROM firmware_components WHERE"
                + " node_uuid = ?" + (component.isPresent() ? " AND component = ?" : "") + " ORDER BY component"
                + db.dialect().bytewise())) {
            query.setString(1, node.toString());
            if (component.isPresent()) {
                query.setString(2, component.get());
            }
            try (ResultSet rows = query.executeQuery()) {
                List<FirmwareComponent> out = new ArrayList<>();
                while (rows.next()) {
                    out.add(new FirmwareComponent(rows.getString("component"), rows.getString("initial_version"),
                            rows.getString("current_version"), Sql.string(rows, "last_version_flashed"),
                            Sql.instant(rows.getLong("created_at")), Sql.instant(rows, "updated_at")));
                }
                return out;
            }
        }
    }
}
