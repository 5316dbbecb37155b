package dev.ferrum.conductor.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.template.DeployStep;
import dev.ferrum.conductor.template.DeployTemplate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Deploy templates in the store, their steps kept as one JSON list. A name belongs to one template: a
 * taken one is a {@link DuplicateException}. Updates are guarded by the template's version.
 */
public final class DeployTemplateStore {
    private static final String COLUMNS = "uuid, name, steps, extra, created_at, updated_at, version";
    private static final Map<String, ListingSql.Kind> SORTABLE = Map.of("uuid", ListingSql.Kind.TEXT,
            "name", ListingSql.Kind.TEXT, "created_at", ListingSql.Kind.NUMBER,
            "updated_at", ListingSql.Kind.NULLABLE_NUMBER);

    private final Database db;

    DeployTemplateStore(Database db) {
        this.db = db;
    }

    /** Stores a new template at version 1; a taken uuid or name is a 409. */
    public DeployTemplate create(DeployTemplate template) {
        return db.write("create deploy template " + template.name(), connection -> {
            if (selectOne(connection, "uuid = ?", template.uuid().toString()).isPresent()) {
                throw new DuplicateException("A deploy template with UUID " + template.uuid() + " already exists.");
            }
            checkNameFree(connection, template);
            DeployTemplate stamped = new DeployTemplate(template.uuid(), template.name(), template.steps(),
                    template.extra(), db.now(), Optional.empty(), 1);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO deploy_templates (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, stamped.uuid().toString());
                insert.setString(2, stamped.name());
                insert.setString(3, db.toJson(steps(stamped.steps())));
                insert.setString(4, stamped.extra().toString());
                insert.setLong(5, Sql.micros(stamped.createdAt()));
                Sql.setInstant(insert, 6, stamped.updatedAt());
                insert.setLong(7, stamped.version());
                insert.executeUpdate();
            } catch (SQLException e) {
                throw translate(e, template);
            }
            return stamped;
        });
    }

    /** The template with this uuid or, when {@code ident} is not a uuid, this name. */
    public Optional<DeployTemplate> find(String ident) {
        return db.read("read deploy template " + ident, c -> isUuid(ident)
                ? selectOne(c, "uuid = ?", ident.toLowerCase()) : selectOne(c, "name = ?", ident));
    }

    /** The template, or {@link NotFoundException}. */
    public DeployTemplate get(String ident) {
        return find(ident).orElseThrow(() -> NotFoundException.of("Deploy template", ident));
    }

    /** A page of templates; sort keys: id, uuid, name, created_at, updated_at. */
    public Page<DeployTemplate> list(Listing listing) {
        return db.read("list deploy templates", c -> ListingSql.page(db, c, "deploy_templates", COLUMNS, SORTABLE,
                listing, List.of(), List.of(), this::read, DeployTemplate::uuid));
    }

    /** Rewrites name, steps and extra if the template is still at {@code expectedVersion}. */
    public DeployTemplate update(DeployTemplate changed, long expectedVersion) {
        return db.write("update deploy template " + changed.uuid(), connection -> {
            DeployTemplate current = selectOne(connection, "uuid = ?", changed.uuid().toString())
                    .orElseThrow(() -> NotFoundException.of("Deploy template", changed.uuid().toString()));
            checkNameFree(connection, changed);
            DeployTemplate stored = new DeployTemplate(current.uuid(), changed.name(), changed.steps(),
                    changed.extra(), current.createdAt(), Optional.of(db.now()), current.version() + 1);
            try (PreparedStatement update = connection.prepareStatement("UPDATE deploy_templates SET name = ?,"
                    + " steps = ?, extra = ?, updated_at = ?, version = ? WHERE uuid = ? AND version = ?")) {
                update.setString(1, stored.name());
                update.setString(2, db.toJson(steps(stored.steps())));
                update.setString(3, stored.extra().toString());
                Sql.setInstant(update, 4, stored.updatedAt());
                update.setLong(5, stored.version());
                update.setString(6, stored.uuid().toString());
                update.setLong(7, expectedVersion);
                if (update.executeUpdate() != 1) {
                    throw new VersionConflictException("Deploy template", current.uuid().toString(),
                            expectedVersion, current.version());
                }
            } catch (SQLException e) {
                throw translate(e, changed);
            }
            return stored;
        });
    }

    public void delete(UUID uuid) {
        db.write("delete deploy template " + uuid, connection -> {
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM deploy_templates WHERE uuid = ?")) {
                delete.setString(1, uuid.toString());
                if (delete.executeUpdate() != 1) {
                    throw NotFoundException.of("Deploy template", uuid.toString());
                }
            }
            return null;
        });
    }

    private void checkNameFree(Connection connection, DeployTemplate template) throws SQLException {
        if (selectOne(connection, "name = ? AND uuid <> ?", template.name(), template.uuid().toString())
                .isPresent()) {
            throw new DuplicateException("A deploy template with name " + template.name() + " already exists.");
        }
    }

    private RuntimeException translate(SQLException e, DeployTemplate template) {
        if (db.dialect().isUniqueViolation(e)) {
            return new DuplicateException("A deploy template with name " + template.name() + " or UUID "
                    + template.uuid() + " was created at the same moment; look it up and retry.");
        }
        return new StoreException("The store failed to write deploy template " + template.uuid() + ": "
                + e.getMessage(), e);
    }

    private static ArrayNode steps(List<DeployStep> steps) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (DeployStep step : steps) {
            array.addObject().put("interface", step.iface()).put("step", step.step())
                    .<ObjectNode>set("args", step.args().toObjectNode()).put("priority", step.priority());
        }
        return array;
    }

    private List<DeployStep> steps(String text) {
        ObjectNode holder = db.parseObject("{\"steps\": " + text + "}");
        List<DeployStep> steps = new ArrayList<>();
        for (JsonNode step : holder.get("steps")) {
            steps.add(new DeployStep(step.get("interface").asText(), step.get("step").asText(),
                    JsonDict.of((ObjectNode) step.get("args")), step.get("priority").asInt()));
        }
        return steps;
    }

    private static boolean isUuid(String ident) {
        try {
            return UUID.fromString(ident).toString().equalsIgnoreCase(ident);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Optional<DeployTemplate> selectOne(Connection connection, String where, Object... args)
            throws SQLException {
        return ListingSql.select(connection, "SELECT " + COLUMNS + " FROM deploy_templates WHERE " + where,
                List.of(args), this::read).stream().findFirst();
    }

    private DeployTemplate read(ResultSet row) throws SQLException {
        return new DeployTemplate(UUID.fromString(row.getString("uuid")), row.getString("name"),
                steps(row.getString("steps")), JsonDict.of(db.parseObject(row.getString("extra"))),
                Sql.instant(row.getLong("created_at")), Sql.instant(row, "updated_at"), row.getLong("version"));
    }
}
