package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NodeLockedException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.support.net.MacAddress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Nodes in the store: create, read, look up (uuid, name, port MAC, BMC address, instance), list with
 * filters and marker pagination, update and delete. Every write to an existing node needs the node's
 * {@link NodeLock} and the version the caller read; provision-state changes go through
 * {@link Store#transition} instead.
 */
public final class NodeStore {
    private final Database db;
    private final NodeRows rows;
    private final List<Store.NodeLoadListener> loadListeners = new CopyOnWriteArrayList<>();

    NodeStore(Database db, DriverInfoSealer sealer) {
        this.db = db;
        this.rows = new NodeRows(db, sealer);
    }

    void addLoadListener(Store.NodeLoadListener listener) {
        loadListeners.add(listener);
    }

    /**
     * Stores a new node at version 1, stamped with the store's clock as created_at; no reservation.
     * A taken uuid, name or instance uuid is a {@link DuplicateException}.
     */
    public Node create(Node node) {
        Node toInsert = node.toBuilder().version(1).updatedAt(Optional.empty()).reservation(Optional.empty())
                .build();
        return db.write("create node " + node.uuid(), connection -> {
            Instant now = db.now();
            Node stamped = toInsert.toBuilder().createdAt(now).build();
            checkUnique(connection, stamped);
            try (PreparedStatement insert = connection.prepareStatement(NodeRows.insertSql())) {
                rows.bindInsert(insert, stamped);
                insert.executeUpdate();
            } catch (SQLException e) {
                if (db.dialect().isUniqueViolation(e)) {
                    throw new DuplicateException("Node " + node.displayName() + " collides with a node created"
                            + " at the same moment (same uuid, name or instance uuid); look it up and retry.");
                }
                throw e;
            }
            return stamped;
        });
    }

    private void checkUnique(Connection connection, Node node) throws SQLException {
        if (selectOne(connection, "uuid = ?", node.uuid().toString()).isPresent()) {
            throw new DuplicateException("A node with UUID " + node.uuid() + " already exists.");
        }
        if (node.name().isPresent()) {
            Optional<Node> named = selectOne(connection, "name = ?", node.name().get());
            if (named.isPresent()) {
                throw new DuplicateException("A node with name " + node.name().get() + " already exists ("
                        + named.get().uuid() + ").");
            }
        }
        if (node.instanceUuid().isPresent()) {
            Optional<Node> holder = selectOne(connection, "instance_uuid = ?", node.instanceUuid().get().toString());
            if (holder.isPresent()) {
                throw new DuplicateException("Instance " + node.instanceUuid().get() + " is already associated with"
                        + " node " + holder.get().displayName() + ".");
            }
        }
    }

    /** The node, or {@link NotFoundException}. */
    public Node get(UUID uuid) {
        return find(uuid).orElseThrow(() -> NotFoundException.of("Node", uuid.toString()));
    }

    public Optional<Node> find(UUID uuid) {
        return db.read("read node " + uuid, c -> selectOne(c, "uuid = ?", uuid.toString()));
    }

    public Optional<Node> findByName(String name) {
        return db.read("find node named " + name, c -> selectOne(c, "name = ?", name));
    }

    /** A node by uuid or by name, as the API's {@code <node_ident>} allows; else {@link NotFoundException}. */
    public Node getByIdent(String ident) {
        Optional<Node> found = isUuid(ident) ? find(UUID.fromString(ident)) : findByName(ident);
        return found.orElseThrow(() -> NotFoundException.of("Node", ident));
    }

    public Optional<Node> findByInstanceUuid(UUID instance) {
        return db.read("find node of instance " + instance, c -> selectOne(c, "instance_uuid = ?", instance.toString()));
    }

    /** The node owning a port with this MAC, if any. */
    public Optional<Node> findByPortAddress(MacAddress address) {
        return findByPortAddresses(List.of(address)).stream().findFirst();
    }

    /**
     * The distinct nodes owning ports with any of these MACs, by uuid (the ramdisk's lookup sends every
     * MAC it has; more than one node means the inventory is inconsistent).
     */
    public List<Node> findByPortAddresses(Collection<MacAddress> addresses) {
        if (addresses.isEmpty()) {
            return List.of();
        }
        String marks = String.join(", ", addresses.stream().map(a -> "?").toList());
        return db.read("find nodes by port address", c -> select(c,
                "uuid IN (SELECT node_uuid FROM ports WHERE address IN (" + marks + "))"
                        + " ORDER BY uuid" + db.dialect().bytewise(),
                addresses.stream().map(MacAddress::value).toArray()));
    }

    /** Nodes whose driver_info points at this BMC host (normally one). */
    public List<Node> findByBmcAddress(String bmcAddress) {
        String host = bmcAddress.strip().toLowerCase(Locale.ROOT);
        return db.read("find nodes by BMC address", c -> select(c,
                "bmc_address = ? ORDER BY uuid" + db.dialect().bytewise(), host));
    }

    /** Nodes in a wait state whose deadline is before {@code now}, oldest deadline first (for the sweeper). */
    public List<Node> findPastDeadline(Instant now) {
        List<Object> args = new ArrayList<>();
        args.add(Sql.micros(now));
        Arrays.stream(ProvisionState.values()).filter(ProvisionState::hasDeadline)
                .forEach(state -> args.add(state.wireName()));
        String states = String.join(", ", Collections.nCopies(args.size() - 1, "?"));
        return db.read("find nodes past their deadline", c -> select(c,
                "wait_deadline IS NOT NULL AND wait_deadline < ? AND provision_state IN (" + states + ")"
                        + " ORDER BY wait_deadline, uuid" + db.dialect().bytewise(),
                args.toArray()));
    }

    /** The number of nodes per shard (nodes without one counted together), most nodes first. */
    public List<ShardCount> countByShard() {
        return db.read("count nodes by shard", connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT shard, COUNT(*) AS nodes FROM nodes GROUP BY shard");
                 ResultSet rows = query.executeQuery()) {
                List<ShardCount> counts = new ArrayList<>();
                while (rows.next()) {
                    counts.add(new ShardCount(Sql.string(rows, "shard"), rows.getLong("nodes")));
                }
                counts.sort(java.util.Comparator.comparingLong(ShardCount::count).reversed()
                        .thenComparing(c -> c.name().orElse("")));
                return counts;
            }
        });
    }

    /** Nodes currently locked by {@code conductor}. */
    public List<Node> findReservedBy(String conductor) {
        return db.read("find nodes locked by " + conductor, c -> select(c,
                "reservation = ? ORDER BY uuid" + db.dialect().bytewise(), conductor));
    }

    /** One page of the nodes matching {@code query}. */
    public Page<Node> list(NodeQuery query) {
        return db.read("list nodes", connection -> {
            List<String> where = new ArrayList<>();
            List<Object> args = new ArrayList<>();
            query.provisionState().ifPresent(s -> {
                where.add("provision_state = ?");
                args.add(s.wireName());
            });
            query.maintenance().ifPresent(m -> {
                where.add("maintenance = ?");
                args.add(m);
            });
            query.resourceClass().ifPresent(r -> {
                where.add("resource_class = ?");
                args.add(r);
            });
            query.driver().ifPresent(d -> {
                where.add("driver = ?");
                args.add(d);
            });
            query.conductorAffinity().ifPresent(a -> {
                where.add("conductor_affinity = ?");
                args.add(a);
            });
            query.instanceUuid().ifPresent(i -> {
                where.add("instance_uuid = ?");
                args.add(i.toString());
            });
            query.attributes().addTo(where, args);
            String key = query.sortKey().expression(db.dialect());
            String id = "uuid" + db.dialect().bytewise();
            String after = query.sortDirection() == SortDirection.ASC ? ">" : "<";
            if (query.marker().isPresent()) {
                String marker = query.marker().get().toString();
                if (selectOne(connection, "uuid = ?", marker).isEmpty()) {
                    throw new InvalidInputException("Marker " + marker + " could not be found; start the listing"
                            + " again without a marker.");
                }
                // Sub-selects read the marker's own sort value, so no value crosses the JDBC type line.
                String markerKey = "(SELECT " + key + " FROM nodes WHERE uuid = ?)";
                where.add("(" + key + " " + after + " " + markerKey + " OR (" + key + " = " + markerKey + " AND "
                        + id + " " + after + " ?))");
                args.addAll(List.of(marker, marker, marker));
            }
            String direction = query.sortDirection() == SortDirection.ASC ? " ASC" : " DESC";
            String sql = (where.isEmpty() ? "1 = 1" : String.join(" AND ", where))
                    + " ORDER BY " + key + direction + ", " + id + direction + " LIMIT " + query.limit();
            List<Node> nodes = select(connection, sql, args.toArray());
            Optional<UUID> next = nodes.size() == query.limit()
                    ? Optional.of(nodes.get(nodes.size() - 1).uuid()) : Optional.empty();
            return new Page<>(nodes, next);
        });
    }

    /**
     * Applies {@code mutation} to the node if the caller still holds {@code lock} and the node is still
     * at {@code expectedVersion}; returns the stored result (version + 1, updated_at now).
     */
    public Node update(NodeLock lock, long expectedVersion, NodeMutation mutation) {
        return db.write("update node " + lock.node(), connection -> {
            Node current = readForWrite(connection, lock, expectedVersion);
            NodeBuilder builder = current.toBuilder();
            mutation.apply(builder);
            Node changed = builder.build();
            if (changed.provisionState() != current.provisionState()
                    || !changed.targetProvisionState().equals(current.targetProvisionState())) {
                throw new IllegalArgumentException("node=" + current.uuid() + " provision state changes go through"
                        + " Store.transition, not NodeStore.update");
            }
            return writeGuarded(connection, lock, current, changed);
        });
    }

    /** Deletes the node with its ports, history and introspection data; needs the node's lock. */
    public void delete(NodeLock lock) {
        db.write("delete node " + lock.node(), connection -> {
            readLocked(connection, lock);
            for (String table : List.of("ports", "node_history", "introspection_data")) {
                try (PreparedStatement delete = connection.prepareStatement(
                        "DELETE FROM " + table + " WHERE node_uuid = ?")) {
                    delete.setString(1, lock.node().toString());
                    delete.executeUpdate();
                }
            }
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM nodes WHERE uuid = ? AND reservation = ?")) {
                delete.setString(1, lock.node().toString());
                delete.setString(2, lock.holder());
                delete.executeUpdate();
            }
            return null;
        });
    }

    /** Reads the node inside a write, failing unless {@code lock} holds and the version matches. */
    Node readForWrite(Connection connection, NodeLock lock, long expectedVersion) throws SQLException {
        Node current = readLocked(connection, lock);
        if (current.version() != expectedVersion) {
            throw new VersionConflictException("Node", current.uuid().toString(), expectedVersion, current.version());
        }
        return current;
    }

    private Node readLocked(Connection connection, NodeLock lock) throws SQLException {
        Node current = selectOne(connection, "uuid = ?", lock.node().toString())
                .orElseThrow(() -> NotFoundException.of("Node", lock.node().toString()));
        if (!current.reservation().equals(Optional.of(lock.holder()))) {
            throw NodeLockedException.notHeldBy(lock.node(), lock.holder());
        }
        return current;
    }

    /**
     * Writes {@code changed} over {@code current} with the guarded UPDATE, bumping version and
     * updated_at; a lost race (row changed or unlocked since the read) is reported precisely.
     */
    Node writeGuarded(Connection connection, NodeLock lock, Node current, Node changed) throws SQLException {
        checkUnchangedIdentity(current, changed);
        if (!changed.name().equals(current.name()) || !changed.instanceUuid().equals(current.instanceUuid())) {
            Node probe = changed.toBuilder().uuid(current.uuid()).build();
            checkUniqueAgainstOthers(connection, probe);
        }
        Node stored = changed.toBuilder().version(current.version() + 1).updatedAt(db.now()).build();
        try (PreparedStatement update = connection.prepareStatement(NodeRows.guardedUpdateSql())) {
            int next = rows.bindData(update, 1, stored);
            update.setString(next++, current.uuid().toString());
            update.setLong(next++, current.version());
            update.setString(next, lock.holder());
            if (update.executeUpdate() != 1) {
                Node now = selectOne(connection, "uuid = ?", current.uuid().toString())
                        .orElseThrow(() -> NotFoundException.of("Node", current.uuid().toString()));
                if (!now.reservation().equals(Optional.of(lock.holder()))) {
                    throw NodeLockedException.notHeldBy(current.uuid(), lock.holder());
                }
                throw new VersionConflictException("Node", current.uuid().toString(), current.version(), now.version());
            }
        } catch (SQLException e) {
            if (db.dialect().isUniqueViolation(e)) {
                throw new DuplicateException("Node " + changed.displayName() + " now collides with another node's"
                        + " name or instance uuid; choose another.");
            }
            throw e;
        }
        return stored;
    }

    private void checkUniqueAgainstOthers(Connection connection, Node node) throws SQLException {
        if (node.name().isPresent()) {
            Optional<Node> named = selectOne(connection, "name = ? AND uuid <> ?", node.name().get(),
                    node.uuid().toString());
            if (named.isPresent()) {
                throw new DuplicateException("A node with name " + node.name().get() + " already exists ("
                        + named.get().uuid() + ").");
            }
        }
        if (node.instanceUuid().isPresent()) {
            Optional<Node> holder = selectOne(connection, "instance_uuid = ? AND uuid <> ?",
                    node.instanceUuid().get().toString(), node.uuid().toString());
            if (holder.isPresent()) {
                throw new DuplicateException("Instance " + node.instanceUuid().get() + " is already associated with"
                        + " node " + holder.get().displayName() + ".");
            }
        }
    }

    private static void checkUnchangedIdentity(Node current, Node changed) {
        if (!changed.uuid().equals(current.uuid()) || !changed.createdAt().equals(current.createdAt())
                || changed.version() != current.version() || !changed.reservation().equals(current.reservation())
                || !changed.updatedAt().equals(current.updatedAt())) {
            throw new IllegalArgumentException("node=" + current.uuid() + " a mutation may not change uuid,"
                    + " created_at, updated_at, version or reservation; the store keeps those");
        }
    }

    Optional<Node> selectOne(Connection connection, String where, Object... args) throws SQLException {
        List<Node> found = select(connection, where, args);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    List<Node> select(Connection connection, String where, Object... args) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT * FROM nodes WHERE " + where)) {
            for (int i = 0; i < args.length; i++) {
                query.setObject(i + 1, Objects.requireNonNull(args[i]));
            }
            try (ResultSet result = query.executeQuery()) {
                List<Node> nodes = new ArrayList<>();
                // A write runs in a transaction (Database.write); its reads are the lock and version guard.
                boolean inWrite = !loadListeners.isEmpty() && !connection.getAutoCommit();
                while (result.next()) {
                    Node node = rows.read(result);
                    loadListeners.forEach(listener -> listener.loaded(node.uuid(), inWrite));
                    nodes.add(node);
                }
                return nodes;
            }
        }
    }

    static boolean isUuid(String text) {
        try {
            UUID.fromString(text);
            return text.length() == 36;
        } catch (IllegalArgumentException notAUuid) {
            return false;
        }
    }
}
