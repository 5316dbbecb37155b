package dev.ferrum.conductor.store;

import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.error.NotFoundException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The BIOS settings each node's bios interface cached, by node and name, deleted with the node. The
 * interface writes them (a cache replaces the node's whole set; applying settings changes some values).
 */
public final class BiosSettingStore {
    private static final String COLUMNS = "name, value, attribute_type, allowable_values, lower_bound, max_length,"
            + " min_length, read_only, reset_required, unique_value, upper_bound, created_at, updated_at";

    private final Database db;

    BiosSettingStore(Database db) {
        this.db = db;
    }

    /** The node's settings in name order. */
    public List<BiosSetting> list(UUID node) {
        return db.read("list BIOS settings of node " + node, c -> select(c, node, Optional.empty()));
    }

    public Optional<BiosSetting> find(UUID node, String name) {
        return db.read("read BIOS setting " + name + " of node " + node, c -> {
            List<BiosSetting> found = select(c, node, Optional.of(name));
            return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
        });
    }

    /**
     * Makes {@code settings} the node's whole set: new names are created, known ones updated when their
     * value or registry changed (keeping created_at), and names not given are deleted.
     */
    public void replaceAll(UUID node, List<BiosSetting> settings) {
        db.write("cache BIOS settings of node " + node, c -> {
            requireNode(c, node);
            Map<String, BiosSetting> known = new LinkedHashMap<>();
            select(c, node, Optional.empty()).forEach(s -> known.put(s.name(), s));
            for (BiosSetting setting : settings) {
                BiosSetting old = known.remove(setting.name());
                if (old == null) {
                    insert(c, node, setting);
                } else if (!old.value().equals(setting.value()) || !old.registry().equals(setting.registry())) {
                    delete(c, node, old.name());
                    insert(c, node, new BiosSetting(setting.name(), setting.value(), setting.registry(),
                            old.createdAt(), Optional.of(db.now())));
                }
            }
            for (String gone : known.keySet()) {
                delete(c, node, gone);
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

    private static void delete(Connection c, UUID node, String name) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement(
                "DELETE FROM bios_settings WHERE node_uuid = ? AND name = ?")) {
            delete.setString(1, node.toString());
            delete.setString(2, name);
            delete.executeUpdate();
        }
    }

    private void insert(Connection c, UUID node, BiosSetting s) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO bios_settings (node_uuid, " + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            BiosSetting.Registry r = s.registry();
            insert.setString(1, node.toString());
            insert.setString(2, s.name());
            Sql.setString(insert, 3, s.value());
            Sql.setString(insert, 4, r.attributeType());
            Sql.setString(insert, 5, r.allowableValues().map(db::toJson));
            setLong(insert, 6, r.lowerBound());
            setLong(insert, 7, r.maxLength());
            setLong(insert, 8, r.minLength());
            Sql.setBoolean(insert, 9, r.readOnly());
            Sql.setBoolean(insert, 10, r.resetRequired());
            Sql.setBoolean(insert, 11, r.unique());
            setLong(insert, 12, r.upperBound());
            insert.setLong(13, Sql.micros(s.createdAt()));
            Sql.setInstant(insert, 14, s.updatedAt());
            insert.executeUpdate();
        }
    }

    private List<BiosSetting> select(Connection c, UUID node, Optional<String> name) throws SQLException {
        try (PreparedStatement query = c.prepareStatement("SELECT " + COLUMNS + " FROM bios_settings WHERE"
                + " node_uuid = ?" + (name.isPresent() ? " AND name = ?" : "") + " ORDER BY name"
                + db.dialect().bytewise())) {
            query.setString(1, node.toString());
            if (name.isPresent()) {
                query.setString(2, name.get());
            }
            try (ResultSet rows = query.executeQuery()) {
                List<BiosSetting> out = new ArrayList<>();
                while (rows.next()) {
                    var registry = new BiosSetting.Registry(Sql.string(rows, "attribute_type"),
                            Sql.string(rows, "allowable_values").map(db::parseStrings),
                            getLong(rows, "lower_bound"), getLong(rows, "max_length"), getLong(rows, "min_length"),
                            Sql.bool(rows, "read_only"), Sql.bool(rows, "reset_required"),
                            Sql.bool(rows, "unique_value"), getLong(rows, "upper_bound"));
                    out.add(new BiosSetting(rows.getString("name"), Sql.string(rows, "value"), registry,
                            Sql.instant(rows.getLong("created_at")), Sql.instant(rows, "updated_at")));
                }
                return out;
            }
        }
    }

    private static void setLong(PreparedStatement statement, int index, Optional<Long> value) throws SQLException {
        if (value.isPresent()) {
            statement.setLong(index, value.get());
        } else {
            statement.setNull(index, Types.BIGINT);
        }
    }

    private static Optional<Long> getLong(ResultSet row, String column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? Optional.empty() : Optional.of(value);
    }
}
