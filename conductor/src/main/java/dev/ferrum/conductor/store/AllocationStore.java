package dev.ferrum.conductor.store;

import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.allocation.AllocationRequirements;
import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.json.JsonDict;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Allocations in the store. A uuid and a name each belong to one allocation; a node to at most one
 * allocation at a time is the caller's rule (it claims the node under the node's lock first). An
 * allocation is deleted with its node.
 */
public final class AllocationStore {
    private static final String COLUMNS = "uuid, name, resource_class, traits, candidate_nodes, cpus, memory_mb,"
            + " local_gb, allow_larger, node_uuid, state, last_error, extra, owner, created_at, updated_at";

    private final Database db;

    AllocationStore(Database db) {
        this.db = db;
    }

    /** Stores a new allocation as given (its times included); a taken uuid or name is a {@link DuplicateException}. */
    public Allocation create(Allocation allocation) {
        return db.write("create allocation " + allocation.uuid(), connection -> {
            if (selectOne(connection, "uuid = ?", allocation.uuid().toString()).isPresent()) {
                throw new DuplicateException("An allocation with UUID " + allocation.uuid() + " already exists.");
            }
            if (allocation.name().isPresent()
                    && selectOne(connection, "name = ?", allocation.name().get()).isPresent()) {
                throw new DuplicateException("An allocation with name " + allocation.name().get()
                        + " already exists.");
            }
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO allocations (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                bind(insert, allocation);
                insert.executeUpdate();
            } catch (SQLException e) {
                throw translate(e, allocation);
            }
            return allocation;
        });
    }

    /** Records the allocation's outcome: state, node, last_error and updated_at are rewritten. */
    public Allocation update(Allocation allocation) {
        return db.write("update allocation " + allocation.uuid(), connection -> {
            try (PreparedStatement update = connection.prepareStatement("UPDATE allocations SET state = ?,"
                    + " node_uuid = ?, last_error = ?, updated_at = ? WHERE uuid = ?")) {
                update.setString(1, allocation.state().wireName());
                Sql.setString(update, 2, allocation.nodeUuid().map(UUID::toString));
                Sql.setString(update, 3, allocation.lastError());
                Sql.setInstant(update, 4, allocation.updatedAt());
                update.setString(5, allocation.uuid().toString());
                if (update.executeUpdate() != 1) {
                    throw NotFoundException.of("Allocation", allocation.uuid().toString());
                }
            } catch (SQLException e) {
                throw translate(e, allocation);
            }
            return allocation;
        });
    }

    /** Records a PATCH: name, extra and updated_at are rewritten; a name taken by another is a {@link DuplicateException}. */
    public Allocation updateDetails(Allocation allocation) {
        return db.write("update allocation " + allocation.uuid(), connection -> {
            if (allocation.name().isPresent()) {
                Optional<Allocation> holder = selectOne(connection, "name = ?", allocation.name().get());
                if (holder.isPresent() && !holder.get().uuid().equals(allocation.uuid())) {
                    throw new DuplicateException("An allocation with name " + allocation.name().get()
                            + " already exists.");
                }
            }
            try (PreparedStatement update = connection.prepareStatement("UPDATE allocations SET name = ?,"
                    + " extra = ?, updated_at = ? WHERE uuid = ?")) {
                Sql.setString(update, 1, allocation.name());
                update.setString(2, allocation.extra().toString());
                Sql.setInstant(update, 3, allocation.updatedAt());
                update.setString(4, allocation.uuid().toString());
                if (update.executeUpdate() != 1) {
                    throw NotFoundException.of("Allocation", allocation.uuid().toString());
                }
            } catch (SQLException e) {
                throw translate(e, allocation);
            }
            return allocation;
        });
    }

    public Optional<Allocation> find(UUID uuid) {
        return db.read("read allocation " + uuid, c -> selectOne(c, "uuid = ?", uuid.toString()));
    }

    /** The allocation by uuid or name. */
    public Optional<Allocation> findByIdent(String ident) {
        return db.read("read allocation " + ident, c -> {
            Optional<Allocation> byName = selectOne(c, "name = ?", ident);
            return byName.isPresent() ? byName : selectOne(c, "uuid = ?", ident);
        });
    }

    /** The allocation holding {@code node}, if any. */
    public Optional<Allocation> findByNode(UUID node) {
        return db.read("find allocation of node " + node, c -> selectOne(c, "node_uuid = ?", node.toString()));
    }

    /** For each of {@code nodes} held by an allocation, that allocation's uuid; one query for the lot. */
    public Map<UUID, UUID> allocationsOfNodes(Collection<UUID> nodes) {
        return db.read("find the allocations of " + nodes.size() + " nodes", c -> ByNodes.read(c,
                "SELECT uuid, node_uuid FROM allocations WHERE node_uuid IN (%s)", "node_uuid", nodes,
                row -> UUID.fromString(row.getString("uuid"))));
    }

    /** Every allocation in uuid order. */
    public List<Allocation> list() {
        return db.read("list allocations", c -> select(c, "1 = 1 ORDER BY uuid" + db.dialect().bytewise()));
    }

    /** Deletes the allocation, or {@link NotFoundException}. */
    public void delete(UUID uuid) {
        db.write("delete allocation " + uuid, connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM allocations WHERE uuid = ?")) {
                delete.setString(1, uuid.toString());
                if (delete.executeUpdate() != 1) {
                    throw NotFoundException.of("Allocation", uuid.toString());
                }
            }
            return null;
        });
    }

    /** A constraint hit by a concurrent writer after the checks passed, or a node deleted meanwhile. */
    private RuntimeException translate(SQLException e, Allocation allocation) {
        if (db.dialect().isUniqueViolation(e)) {
            return new DuplicateException("An allocation with UUID " + allocation.uuid()
                    + allocation.name().map(n -> " or name " + n).orElse("")
                    + " was created at the same moment; look it up and retry.");
        }
        if (db.dialect().isForeignKeyViolation(e)) {
            return NotFoundException.of("Node", allocation.nodeUuid().map(UUID::toString).orElse("?"));
        }
        return new StoreException("The store failed to write allocation " + allocation.uuid() + ": "
                + e.getMessage(), e);
    }

    private void bind(PreparedStatement statement, Allocation allocation) throws SQLException {
        AllocationRequirements wants = allocation.requirements();
        statement.setString(1, allocation.uuid().toString());
        Sql.setString(statement, 2, allocation.name());
        statement.setString(3, wants.resourceClass());
        statement.setString(4, db.toJson(wants.traits()));
        statement.setString(5, db.toJson(wants.candidateNodes()));
        setLong(statement, 6, wants.cpus());
        setLong(statement, 7, wants.memoryMb());
        setLong(statement, 8, wants.localGb());
        statement.setBoolean(9, wants.allowLarger());
        Sql.setString(statement, 10, allocation.nodeUuid().map(UUID::toString));
        statement.setString(11, allocation.state().wireName());
        Sql.setString(statement, 12, allocation.lastError());
        statement.setString(13, allocation.extra().toString());
        Sql.setString(statement, 14, allocation.owner());
        statement.setLong(15, Sql.micros(allocation.createdAt()));
        Sql.setInstant(statement, 16, allocation.updatedAt());
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

    private Optional<Allocation> selectOne(Connection connection, String where, Object... args) throws SQLException {
        List<Allocation> found = select(connection, where, args);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    private List<Allocation> select(Connection connection, String where, Object... args) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + COLUMNS + " FROM allocations WHERE "
                + where)) {
            for (int i = 0; i < args.length; i++) {
                query.setObject(i + 1, Objects.requireNonNull(args[i]));
            }
            try (ResultSet rows = query.executeQuery()) {
                List<Allocation> allocations = new ArrayList<>();
                while (rows.next()) {
                    AllocationRequirements wants = new AllocationRequirements(rows.getString("resource_class"),
                            db.parseStrings(rows.getString("traits")),
                            db.parseStrings(rows.getString("candidate_nodes")),
                            getLong(rows, "cpus"), getLong(rows, "memory_mb"), getLong(rows, "local_gb"),
                            rows.getBoolean("allow_larger"));
                    allocations.add(new Allocation(UUID.fromString(rows.getString("uuid")),
                            Sql.string(rows, "name"), wants,
                            Allocation.State.fromWireName(rows.getString("state")),
                            Sql.uuid(rows, "node_uuid"), Sql.string(rows, "last_error"),
                            JsonDict.of(db.parseObject(rows.getString("extra"))), Sql.string(rows, "owner"),
                            Sql.instant(rows.getLong("created_at")), Sql.instant(rows, "updated_at")));
                }
                return allocations;
            }
        }
    }
}
