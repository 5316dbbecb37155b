package dev.ferrum.conductor.store;

import dev.ferrum.conductor.chassis.Chassis;
import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Chassis in the store, and which chassis each node belongs to (the node's {@code chassis_uuid}). A
 * chassis that still holds nodes cannot be deleted. Updates are guarded by the chassis' version.
 */
public final class ChassisStore {
    private static final String COLUMNS = "uuid, description, extra, created_at, updated_at, version";
    private static final Map<String, ListingSql.Kind> SORTABLE = Map.of("uuid", ListingSql.Kind.TEXT,
            "description", ListingSql.Kind.NULLABLE_TEXT, "created_at", ListingSql.Kind.NUMBER,
            "updated_at", ListingSql.Kind.NULLABLE_NUMBER);

    private final Database db;

    ChassisStore(Database db) {
        this.db = db;
    }

    /** Stores a new chassis at version 1, stamped with the store's clock; a taken uuid is a 409. */
    public Chassis create(Chassis chassis) {
        return db.write("create chassis " + chassis.uuid(), connection -> {
            if (selectOne(connection, chassis.uuid()).isPresent()) {
                throw new DuplicateException("A chassis with UUID " + chassis.uuid() + " already exists.");
            }
            Chassis stamped = new Chassis(chassis.uuid(), chassis.description(), chassis.extra(), db.now(),
                    Optional.empty(), 1);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO chassis (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, stamped.uuid().toString());
                Sql.setString(insert, 2, stamped.description());
                insert.setString(3, stamped.extra().toString());
                insert.setLong(4, Sql.micros(stamped.createdAt()));
                Sql.setInstant(insert, 5, stamped.updatedAt());
                insert.setLong(6, stamped.version());
                insert.executeUpdate();
            }
            return stamped;
        });
    }

    public Optional<Chassis> find(UUID uuid) {
        return db.read("read chassis " + uuid, c -> selectOne(c, uuid));
    }

    /** The chassis, or {@link NotFoundException}. */
    public Chassis get(UUID uuid) {
        return find(uuid).orElseThrow(() -> NotFoundException.of("Chassis", uuid.toString()));
    }

    /** A page of chassis; sort keys: id, uuid, description, created_at, updated_at. */
    public Page<Chassis> list(Listing listing) {
        return db.read("list chassis", c -> ListingSql.page(db, c, "chassis", COLUMNS, SORTABLE, listing,
                List.of(), List.of(), this::read, Chassis::uuid));
    }

    /** Rewrites description and extra if the chassis is still at {@code expectedVersion}. */
    public Chassis update(Chassis changed, long expectedVersion) {
        return db.write("update chassis " + changed.uuid(), connection -> {
            Chassis current = selectOne(connection, changed.uuid())
                    .orElseThrow(() -> NotFoundException.of("Chassis", changed.uuid().toString()));
            Chassis stored = new Chassis(current.uuid(), changed.description(), changed.extra(),
                    current.createdAt(), Optional.of(db.now()), current.version() + 1);
            try (PreparedStatement update = connection.prepareStatement("UPDATE chassis SET description = ?,"
                    + " extra = ?, updated_at = ?, version = ? WHERE uuid = ? AND version = ?")) {
                Sql.setString(update, 1, stored.description());
                update.setString(2, stored.extra().toString());
                Sql.setInstant(update, 3, stored.updatedAt());
                update.setLong(4, stored.version());
                update.setString(5, stored.uuid().toString());
                update.setLong(6, expectedVersion);
                if (update.executeUpdate() != 1) {
                    throw new VersionConflictException("Chassis", current.uuid().toString(), expectedVersion,
                            current.version());
                }
            }
            return stored;
        });
    }

    /** Deletes the chassis; one that still holds nodes is refused (400, as Ironic). */
    public void delete(UUID uuid) {
        db.write("delete chassis " + uuid, connection -> {
            if (selectOne(connection, uuid).isEmpty()) {
                throw NotFoundException.of("Chassis", uuid.toString());
            }
            if (!members(connection, uuid).isEmpty()) {
                throw new InvalidInputException("Cannot complete the requested action because chassis " + uuid
                        + " contains nodes; move or delete its nodes first.");
            }
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM chassis WHERE uuid = ?")) {
                delete.setString(1, uuid.toString());
                delete.executeUpdate();
            }
            return null;
        });
    }

    /** The chassis {@code node} belongs to, if any. */
    public Optional<UUID> chassisOf(UUID node) {
        return db.read("read the chassis of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT chassis_uuid FROM nodes WHERE uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Sql.uuid(row, "chassis_uuid") : Optional.empty();
                }
            }
        });
    }

    /** For each of {@code nodes} in a chassis, that chassis; one query for the lot. */
    public Map<UUID, UUID> chassisOfNodes(Collection<UUID> nodes) {
        return db.read("read the chassis of " + nodes.size() + " nodes", connection -> ByNodes.read(connection,
                "SELECT uuid, chassis_uuid FROM nodes WHERE chassis_uuid IS NOT NULL AND uuid IN (%s)", "uuid",
                nodes, row -> UUID.fromString(row.getString("chassis_uuid"))));
    }

    /** The nodes in {@code chassis}, in uuid order. */
    public Set<UUID> nodesIn(UUID chassis) {
        return db.read("list the nodes of chassis " + chassis, connection -> members(connection, chassis));
    }

    /**
     * Puts {@code node} in {@code chassis}, or in none; the chassis must exist ({@link NotFoundException}
     * otherwise, which the node API reports as a 400 since the chassis is named in the body).
     */
    public void assign(UUID node, Optional<UUID> chassis) {
        db.write("set the chassis of node " + node, connection -> {
            if (chassis.isPresent() && selectOne(connection, chassis.get()).isEmpty()) {
                throw NotFoundException.of("Chassis", chassis.get().toString());
            }
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE nodes SET chassis_uuid = ? WHERE uuid = ?")) {
                Sql.setString(update, 1, chassis.map(UUID::toString));
                update.setString(2, node.toString());
                if (update.executeUpdate() != 1) {
                    throw NotFoundException.of("Node", node.toString());
                }
            }
            return null;
        });
    }

    private static Set<UUID> members(Connection connection, UUID chassis) throws SQLException {
        return new LinkedHashSet<>(ListingSql.select(connection, "SELECT uuid FROM nodes WHERE chassis_uuid = ?"
                + " ORDER BY uuid", List.of(chassis.toString()), row -> UUID.fromString(row.getString(1))));
    }

    private Optional<Chassis> selectOne(Connection connection, UUID uuid) throws SQLException {
        return ListingSql.select(connection, "SELECT " + COLUMNS + " FROM chassis WHERE uuid = ?",
                List.of(uuid.toString()), this::read).stream().findFirst();
    }

    private Chassis read(ResultSet row) throws SQLException {
        return new Chassis(UUID.fromString(row.getString("uuid")), Sql.string(row, "description"),
                JsonDict.of(db.parseObject(row.getString("extra"))), Sql.instant(row.getLong("created_at")),
                Sql.instant(row, "updated_at"), row.getLong("version"));
    }
}
