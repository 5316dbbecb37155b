package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.support.net.MacAddress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Ports in the store. A MAC address belongs to one port in the whole inventory: taking a used one is
 * a {@link DuplicateException} that names the node holding it. Updates are guarded by the port's
 * version.
 */
public final class PortStore {
    private static final String COLUMNS = "uuid, address, node_uuid, pxe_enabled, local_link_connection,"
            + " physical_network, extra, created_at, updated_at, version";

    private final Database db;

    PortStore(Database db) {
        this.db = db;
    }

    /** Stores a new port at version 1 stamped with the store's clock; its node must exist. */
    public Port create(Port port) {
        return db.write("create port " + port.address(), connection -> {
            Port stamped = new Port(port.uuid(), port.address(), port.nodeUuid(), port.pxeEnabled(),
                    port.localLinkConnection(), port.physicalNetwork(), port.extra(), db.now(), Optional.empty(), 1);
            if (selectOne(connection, "uuid = ?", port.uuid().toString()).isPresent()) {
                throw new DuplicateException("A port with UUID " + port.uuid() + " already exists.");
            }
            checkNodeExists(connection, port.nodeUuid());
            checkAddressFree(connection, port);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO ports (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                bind(insert, stamped);
                insert.executeUpdate();
            } catch (SQLException e) {
                throw translate(e, port);
            }
            return stamped;
        });
    }

    public Optional<Port> find(UUID uuid) {
        return db.read("read port " + uuid, c -> selectOne(c, "uuid = ?", uuid.toString()));
    }

    /** The port, or {@link NotFoundException}. */
    public Port get(UUID uuid) {
        return find(uuid).orElseThrow(() -> NotFoundException.of("Port", uuid.toString()));
    }

    public Optional<Port> findByAddress(MacAddress address) {
        return db.read("find port " + address, c -> selectOne(c, "address = ?", address.value()));
    }

    /** The node's ports by address. */
    public List<Port> listByNode(UUID node) {
        return db.read("list ports of node " + node, c -> select(c, "node_uuid = ? ORDER BY address", node.toString()));
    }

    /** A page of all ports (or one node's) in uuid order, after {@code marker}. */
    public Page<Port> list(Optional<UUID> node, int limit, Optional<UUID> marker) {
        return list(node, limit, marker, PortSortKey.UUID, SortDirection.ASC);
    }

    /** A page of all ports (or one node's) in ({@code key}, uuid) order, after {@code marker}. */
    public Page<Port> list(Optional<UUID> node, int limit, Optional<UUID> marker, PortSortKey key,
            SortDirection direction) {
        return list(node, Optional.empty(), limit, marker, key, direction);
    }

    /**
     * A page as {@link #list(Optional, int, Optional, PortSortKey, SortDirection)} gives it, narrowed to the ports
     * of nodes {@code project} owns or leases when one is given (a project-scoped caller's view).
     */
    public Page<Port> list(Optional<UUID> node, Optional<String> project, int limit, Optional<UUID> marker,
            PortSortKey key, SortDirection direction) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        return db.read("list ports", connection -> {
            List<String> where = new ArrayList<>();
            List<Object> args = new ArrayList<>();
            node.ifPresent(n -> {
                where.add("node_uuid = ?");
                args.add(n.toString());
            });
            project.ifPresent(p -> {
                where.add("node_uuid IN (SELECT uuid FROM nodes WHERE owner = ? OR lessee = ?)");
                args.add(p);
                args.add(p);
            });
            String id = "uuid" + db.dialect().bytewise();
            String sort = key.expression(db.dialect());
            String after = direction == SortDirection.ASC ? ">" : "<";
            if (marker.isPresent()) {
                Port from = selectOne(connection, "uuid = ?", marker.get().toString()).orElseThrow(() ->
                        new InvalidInputException("Marker " + marker.get() + " could not be found; start the"
                                + " listing again without a marker."));
                // Keyset paging: strictly past the marker in (key, uuid) order.
                where.add("(" + sort + " " + after + " ? OR (" + sort + " = ? AND " + id + " " + after + " ?))");
                args.add(key.valueOf(from));
                args.add(key.valueOf(from));
                args.add(from.uuid().toString());
            }
            String dir = direction == SortDirection.ASC ? " ASC" : " DESC";
            List<Port> ports = select(connection, (where.isEmpty() ? "1 = 1" : String.join(" AND ", where))
                    + " ORDER BY " + sort + dir + ", " + id + dir + " LIMIT " + limit, args.toArray());
            return new Page<>(ports, ports.size() == limit
                    ? Optional.of(ports.get(ports.size() - 1).uuid()) : Optional.empty());
        });
    }

    /** Rewrites the port if it is still at {@code expectedVersion}; returns it at version + 1. */
    public Port update(Port changed, long expectedVersion) {
        return db.write("update port " + changed.uuid(), connection -> {
            Port current = selectOne(connection, "uuid = ?", changed.uuid().toString())
                    .orElseThrow(() -> NotFoundException.of("Port", changed.uuid().toString()));
            if (current.version() != expectedVersion) {
                throw new VersionConflictException("Port", current.uuid().toString(), expectedVersion,
                        current.version());
            }
            if (!changed.nodeUuid().equals(current.nodeUuid())) {
                checkNodeExists(connection, changed.nodeUuid());
            }
            checkAddressFree(connection, changed);
            Port stored = new Port(current.uuid(), changed.address(), changed.nodeUuid(), changed.pxeEnabled(),
                    changed.localLinkConnection(), changed.physicalNetwork(), changed.extra(), current.createdAt(),
                    Optional.of(db.now()), current.version() + 1);
            try (PreparedStatement update = connection.prepareStatement("UPDATE ports SET address = ?,"
                    + " node_uuid = ?, pxe_enabled = ?, local_link_connection = ?, physical_network = ?, extra = ?,"
                    + " updated_at = ?, version = ? WHERE uuid = ? AND version = ?")) {
                update.setString(1, stored.address().value());
                update.setString(2, stored.nodeUuid().toString());
                update.setBoolean(3, stored.pxeEnabled());
                update.setString(4, stored.localLinkConnection().toString());
                Sql.setString(update, 5, stored.physicalNetwork());
                update.setString(6, stored.extra().toString());
                Sql.setInstant(update, 7, stored.updatedAt());
                update.setLong(8, stored.version());
                update.setString(9, stored.uuid().toString());
                update.setLong(10, current.version());
                if (update.executeUpdate() != 1) {
                    Port now = selectOne(connection, "uuid = ?", current.uuid().toString())
                            .orElseThrow(() -> NotFoundException.of("Port", current.uuid().toString()));
                    throw new VersionConflictException("Port", current.uuid().toString(), current.version(),
                            now.version());
                }
            } catch (SQLException e) {
                throw translate(e, changed);
            }
            return stored;
        });
    }

    /** Deletes the port, or {@link NotFoundException}. */
    public void delete(UUID uuid) {
        db.write("delete port " + uuid, connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM ports WHERE uuid = ?")) {
                delete.setString(1, uuid.toString());
                if (delete.executeUpdate() != 1) {
                    throw NotFoundException.of("Port", uuid.toString());
                }
            }
            return null;
        });
    }

    private void checkNodeExists(Connection connection, UUID node) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
            query.setString(1, node.toString());
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw NotFoundException.of("Node", node.toString());
                }
            }
        }
    }

    private void checkAddressFree(Connection connection, Port port) throws SQLException {
        Optional<Port> holder = selectOne(connection, "address = ? AND uuid <> ?", port.address().value(),
                port.uuid().toString());
        if (holder.isPresent()) {
            throw duplicateAddress(connection, port.address(), holder.get().nodeUuid());
        }
    }

    private static DuplicateException duplicateAddress(Connection connection, MacAddress address, UUID node)
            throws SQLException {
        String nodeName = node.toString();
        try (PreparedStatement query = connection.prepareStatement("SELECT name FROM nodes WHERE uuid = ?")) {
            query.setString(1, node.toString());
            try (ResultSet row = query.executeQuery()) {
                if (row.next() && row.getString(1) != null) {
                    nodeName = row.getString(1) + " (" + node + ")";
                }
            }
        }
        return new DuplicateException("A port with MAC address " + address + " already exists on node " + nodeName
                + "; delete or change that port first.");
    }

    /** A constraint hit by a concurrent writer after our checks passed. */
    private RuntimeException translate(SQLException e, Port port) {
        if (db.dialect().isUniqueViolation(e)) {
            return new DuplicateException("A port with MAC address " + port.address() + " or UUID " + port.uuid()
                    + " was created at the same moment; look it up and retry.");
        }
        if (db.dialect().isForeignKeyViolation(e)) {
            return NotFoundException.of("Node", port.nodeUuid().toString());
        }
        return new StoreException("The store failed to write port " + port.uuid() + ": "
                + e.getMessage(), e);
    }

    private static void bind(PreparedStatement statement, Port port) throws SQLException {
        statement.setString(1, port.uuid().toString());
        statement.setString(2, port.address().value());
        statement.setString(3, port.nodeUuid().toString());
        statement.setBoolean(4, port.pxeEnabled());
        statement.setString(5, port.localLinkConnection().toString());
        Sql.setString(statement, 6, port.physicalNetwork());
        statement.setString(7, port.extra().toString());
        statement.setLong(8, Sql.micros(port.createdAt()));
        Sql.setInstant(statement, 9, port.updatedAt());
        statement.setLong(10, port.version());
    }

    private Optional<Port> selectOne(Connection connection, String where, Object... args) throws SQLException {
        List<Port> found = select(connection, where, args);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    private List<Port> select(Connection connection, String where, Object... args) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + COLUMNS + " FROM ports WHERE " + where)) {
            for (int i = 0; i < args.length; i++) {
                query.setObject(i + 1, Objects.requireNonNull(args[i]));
            }
            try (ResultSet rows = query.executeQuery()) {
                List<Port> ports = new ArrayList<>();
                while (rows.next()) {
                    ports.add(new Port(UUID.fromString(rows.getString("uuid")),
                            MacAddresses.parse(rows.getString("address")),
                            UUID.fromString(rows.getString("node_uuid")),
                            rows.getBoolean("pxe_enabled"),
                            JsonDict.of(db.parseObject(rows.getString("local_link_connection"))),
                            Sql.string(rows, "physical_network"),
                            JsonDict.of(db.parseObject(rows.getString("extra"))),
                            Sql.instant(rows.getLong("created_at")),
                            Sql.instant(rows, "updated_at"),
                            rows.getLong("version")));
                }
                return ports;
            }
        }
    }
}
