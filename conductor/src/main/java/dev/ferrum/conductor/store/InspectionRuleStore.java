package dev.ferrum.conductor.store;

import dev.ferrum.conductor.json.JsonDict;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Introspection rules as the rules API stores them, in creation order (the order they run in). The rule is kept
 * as its JSON; the inspection package reads it.
 */
public final class InspectionRuleStore {
    private final Database db;

    InspectionRuleStore(Database db) {
        this.db = db;
    }

    /** Stores a new rule; a rule with that uuid already there is a duplicate. */
    public void create(UUID uuid, JsonDict rule) {
        db.write("create inspection rule " + uuid, connection -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO inspection_rules (uuid, rule, created_at) VALUES (?, ?, ?)")) {
                insert.setString(1, uuid.toString());
                insert.setString(2, rule.toString());
                insert.setLong(3, Sql.micros(db.now()));
                insert.executeUpdate();
            }
            return null;
        });
    }

    /** All rules, oldest first. */
    public List<JsonDict> list() {
        return db.read("list inspection rules", connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT rule FROM inspection_rules ORDER BY created_at, uuid");
                 ResultSet rows = query.executeQuery()) {
                List<JsonDict> out = new ArrayList<>();
                while (rows.next()) {
                    out.add(JsonDict.of(db.parseObject(rows.getString(1))));
                }
                return out;
            }
        });
    }

    public Optional<JsonDict> find(UUID uuid) {
        return db.read("read inspection rule " + uuid, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT rule FROM inspection_rules WHERE uuid = ?")) {
                query.setString(1, uuid.toString());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.of(JsonDict.of(db.parseObject(row.getString(1)))) : Optional.empty();
                }
            }
        });
    }

    /** Deletes one rule; false when there was none. */
    public boolean delete(UUID uuid) {
        return db.write("delete inspection rule " + uuid, connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM inspection_rules WHERE uuid = ?")) {
                delete.setString(1, uuid.toString());
                return delete.executeUpdate() > 0;
            }
        });
    }

    public void deleteAll() {
        db.write("delete all inspection rules", connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM inspection_rules")) {
                delete.executeUpdate();
            }
            return null;
        });
    }
}
