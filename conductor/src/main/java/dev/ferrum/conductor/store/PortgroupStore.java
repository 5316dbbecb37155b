package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.portgroup.Portgroup;
import dev.ferrum.support.net.MacAddress;
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
 * Portgroups in the store, and which portgroup each port belongs to (the port's {@code portgroup_uuid}).
 * Names and MACs are unique among portgroups; a portgroup with member ports cannot be deleted or moved
 * to another node. Portgroups go with their node. Updates are guarded by the portgroup's version.
 */
public final class PortgroupStore {
    private static final String COLUMNS = "uuid, name, node_uuid, address, standalone_ports_supported, mode,"
            + " properties, internal_info, extra, created_at, updated_at, version";
    private static final Map<String, ListingSql.Kind> SORTABLE = Map.of("uuid", ListingSql.Kind.TEXT,
            "name", ListingSql.Kind.NULLABLE_TEXT, "address", ListingSql.Kind.NULLABLE_TEXT,
            "node_uuid", ListingSql.Kind.TEXT, "mode", ListingSql.Kind.TEXT,
            "created_at", ListingSql.Kind.NUMBER, "updated_at", ListingSql.Kind.NULLABLE_NUMBER);

    /** A member port as the portgroup rules need it. */
    public record Member(UUID port, Optional<String> physicalNetwork, boolean pxeEnabled) {
    }

    private final Database db;

    PortgroupStore(Database db) {
        this.db = db;
    }

    /** Stores a new portgroup at version 1; its node must exist, its uuid, name and MAC be free. */
    public Portgroup create(Portgroup portgroup) {
        return db.write("create portgroup " + portgroup.uuid(), connection -> {
            if (selectOne(connection, "uuid = ?", portgroup.uuid().toString()).isPresent()) {
                throw new DuplicateException("A portgroup with UUID " + portgroup.uuid() + " already exists.");
            }
            StoreChecks.nodeExists(connection, portgroup.nodeUuid());
            checkUnique(connection, portgroup);
            Portgroup stamped = new Portgroup(portgroup.uuid(), portgroup.nodeUuid(), portgroup.name(),
                    portgroup.address(), portgroup.standalonePortsSupported(), portgroup.mode(),
                    portgroup.properties(), portgroup.internalInfo(), portgroup.extra(), db.now(), Optional.empty(), 1);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO portgroups (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, stamped.uuid().toString());
                Sql.setString(insert, 2, stamped.name());
                insert.setString(3, stamped.nodeUuid().toString());
                Sql.setString(insert, 4, stamped.address().map(MacAddress::value));
                insert.setBoolean(5, stamped.standalonePortsSupported());
                insert.setString(6, stamped.mode());
                insert.setString(7, stamped.properties().toString());
                insert.setString(8, stamped.internalInfo().toString());
                insert.setString(9, stamped.extra().toString());
                insert.setLong(10, Sql.micros(stamped.createdAt()));
                Sql.setInstant(insert, 11, stamped.updatedAt());
                insert.setLong(12, stamped.version());
                insert.executeUpdate();
            } catch (SQLException e) {
                throw translate(e, portgroup);
            }
            return stamped;
        });
    }

    /** The portgroup with this uuid or, when {@code ident} is not a uuid, this name. */
    public Optional<Portgroup> find(String ident) {
        return db.read("read portgroup " + ident, c -> isUuid(ident)
                ? selectOne(c, "uuid = ?", ident.toLowerCase()) : selectOne(c, "name = ?", ident));
    }

    /** The portgroup, or {@link NotFoundException}. */
    public Portgroup get(String ident) {
        return find(ident).orElseThrow(() -> NotFoundException.of("Portgroup", ident));
    }

    public Optional<Portgroup> findByAddress(MacAddress address) {
        return db.read("find portgroup " + address, c -> selectOne(c, "address = ?", address.value()));
    }

    /** A page of all portgroups, or of one node's. */
    public Page<Portgroup> list(Optional<UUID> node, Listing listing) {
        return list(node, Optional.empty(), listing);
    }

    /** A page of portgroups, narrowed to those of nodes {@code project} owns or leases when one is given. */
    public Page<Portgroup> list(Optional<UUID> node, Optional<String> project, Listing listing) {
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
        return db.read("list portgroups", c -> ListingSql.page(db, c, "portgroups", COLUMNS, SORTABLE, listing,
                where, args, this::read, Portgroup::uuid));
    }

    /**
     * Rewrites the portgroup's settings if it is still at {@code expectedVersion}; moving one that has
     * member ports to another node is refused.
     */
    public Portgroup update(Portgroup changed, long expectedVersion) {
        return db.write("update portgroup " + changed.uuid(), connection -> {
            Portgroup current = selectOne(connection, "uuid = ?", changed.uuid().toString())
                    .orElseThrow(() -> NotFoundException.of("Portgroup", changed.uuid().toString()));
            if (!changed.nodeUuid().equals(current.nodeUuid())) {
                StoreChecks.nodeExists(connection, changed.nodeUuid());
                if (!members(connection, current.uuid()).isEmpty()) {
                    throw new InvalidInputException("Cannot complete the requested action because portgroup "
                            + current.uuid() + " contains ports: Portgroup " + current.uuid() + " can not be"
                            + " associated with node " + changed.nodeUuid() + " because there are ports associated"
                            + " with this portgroup.");
                }
            }
            checkUnique(connection, changed);
            Portgroup stored = new Portgroup(current.uuid(), changed.nodeUuid(), changed.name(), changed.address(),
                    changed.standalonePortsSupported(), changed.mode(), changed.properties(), current.internalInfo(),
                    changed.extra(), current.createdAt(), Optional.of(db.now()), current.version() + 1);
            try (PreparedStatement update = connection.prepareStatement("UPDATE portgroups SET name = ?,"
                    + " node_uuid = ?, address = ?, standalone_ports_supported = ?, mode = ?, properties = ?,"
                    + " extra = ?, updated_at = ?, version = ? WHERE uuid = ? AND version = ?")) {
                Sql.setString(update, 1, stored.name());
                update.setString(2, stored.nodeUuid().toString());
                Sql.setString(update, 3, stored.address().map(MacAddress::value));
                update.setBoolean(4, stored.standalonePortsSupported());
                update.setString(5, stored.mode());
                update.setString(6, stored.properties().toString());
                update.setString(7, stored.extra().toString());
                Sql.setInstant(update, 8, stored.updatedAt());
                update.setLong(9, stored.version());
                update.setString(10, stored.uuid().toString());
                update.setLong(11, expectedVersion);
                if (update.executeUpdate() != 1) {
                    throw new VersionConflictException("Portgroup", current.uuid().toString(), expectedVersion,
                            current.version());
                }
            } catch (SQLException e) {
                throw translate(e, changed);
            }
            return stored;
        });
    }

    /** Deletes the portgroup; one with member ports is refused (400, as Ironic). */
    public void delete(UUID uuid) {
        db.write("delete portgroup " + uuid, connection -> {
            if (selectOne(connection, "uuid = ?", uuid.toString()).isEmpty()) {
                throw NotFoundException.of("Portgroup", uuid.toString());
            }
            if (!members(connection, uuid).isEmpty()) {
                throw new InvalidInputException("Cannot complete the requested action because portgroup " + uuid
                        + " contains ports; delete its ports or move them out first.");
            }
            StoreChecks.deleteRow(connection, "portgroups", uuid, "Portgroup");
            return null;
        });
    }

    /** The portgroup {@code port} belongs to, if any. */
    public Optional<UUID> portgroupOf(UUID port) {
        return db.read("read the portgroup of port " + port, connection -> ListingSql.select(connection,
                "SELECT portgroup_uuid FROM ports WHERE uuid = ?", List.of(port.toString()),
                row -> Sql.uuid(row, "portgroup_uuid")).stream().findFirst().flatMap(p -> p));
    }

    /** The node's portgroups, oldest first (Ironic walks them in id order). */
    public List<Portgroup> listByNode(UUID node) {
        return db.read("list portgroups of node " + node, c -> ListingSql.select(c, "SELECT " + COLUMNS
                + " FROM portgroups WHERE node_uuid = ? ORDER BY created_at, uuid" + db.dialect().bytewise(),
                List.of(node.toString()), this::read));
    }

    /** Replaces the portgroup's internal_info (where an attached tenant VIF is recorded). */
    public void setInternalInfo(UUID portgroup, JsonDict internalInfo) {
        db.write("set internal_info of portgroup " + portgroup, connection -> {
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE portgroups SET internal_info = ? WHERE uuid = ?")) {
                update.setString(1, internalInfo.toString());
                update.setString(2, portgroup.toString());
                if (update.executeUpdate() != 1) {
                    throw NotFoundException.of("Portgroup", portgroup.toString());
                }
            }
            return null;
        });
    }

    /** The member ports of {@code portgroup}, in uuid order. */
    public List<Member> members(UUID portgroup) {
        return db.read("list the ports of portgroup " + portgroup, c -> members(c, portgroup));
    }

    /** Puts {@code port} in {@code portgroup}, or in none; the portgroup must exist. */
    public void assignPort(UUID port, Optional<UUID> portgroup) {
        db.write("set the portgroup of port " + port, connection -> {
            if (portgroup.isPresent() && selectOne(connection, "uuid = ?", portgroup.get().toString()).isEmpty()) {
                throw NotFoundException.of("Portgroup", portgroup.get().toString());
            }
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE ports SET portgroup_uuid = ? WHERE uuid = ?")) {
                Sql.setString(update, 1, portgroup.map(UUID::toString));
                update.setString(2, port.toString());
                if (update.executeUpdate() != 1) {
                    throw NotFoundException.of("Port", port.toString());
                }
            }
            return null;
        });
    }

    private List<Member> members(Connection connection, UUID portgroup) throws SQLException {
        return ListingSql.select(connection, "SELECT uuid, physical_network, pxe_enabled FROM ports"
                + " WHERE portgroup_uuid = ? ORDER BY uuid" + db.dialect().bytewise(), List.of(portgroup.toString()),
                row -> new Member(UUID.fromString(row.getString("uuid")), Sql.string(row, "physical_network"),
                        row.getBoolean("pxe_enabled")));
    }

    private void checkUnique(Connection connection, Portgroup portgroup) throws SQLException {
        if (portgroup.name().isPresent() && selectOne(connection, "name = ? AND uuid <> ?", portgroup.name().get(),
                portgroup.uuid().toString()).isPresent()) {
            throw new DuplicateException("A portgroup with name " + portgroup.name().get() + " already exists.");
        }
        if (portgroup.address().isPresent() && selectOne(connection, "address = ? AND uuid <> ?",
                portgroup.address().get().value(), portgroup.uuid().toString()).isPresent()) {
            throw new DuplicateException("A portgroup with MAC address " + portgroup.address().get().value()
                    + " already exists.");
        }
    }

    private RuntimeException translate(SQLException e, Portgroup portgroup) {
        if (db.dialect().isUniqueViolation(e)) {
            return new DuplicateException("A portgroup with the name, MAC address or UUID of " + portgroup.uuid()
                    + " was created at the same moment; look it up and retry.");
        }
        if (db.dialect().isForeignKeyViolation(e)) {
            return NotFoundException.of("Node", portgroup.nodeUuid().toString());
        }
        return new StoreException("The store failed to write portgroup " + portgroup.uuid() + ": "
                + e.getMessage(), e);
    }

    private static boolean isUuid(String ident) {
        try {
            return UUID.fromString(ident).toString().equalsIgnoreCase(ident);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Optional<Portgroup> selectOne(Connection connection, String where, Object... args) throws SQLException {
        return ListingSql.select(connection, "SELECT " + COLUMNS + " FROM portgroups WHERE " + where, List.of(args),
                this::read).stream().findFirst();
    }

    private Portgroup read(ResultSet row) throws SQLException {
        return new Portgroup(UUID.fromString(row.getString("uuid")), UUID.fromString(row.getString("node_uuid")),
                Sql.string(row, "name"), Sql.string(row, "address").map(MacAddresses::parse),
                row.getBoolean("standalone_ports_supported"), row.getString("mode"),
                JsonDict.of(db.parseObject(row.getString("properties"))),
                JsonDict.of(db.parseObject(row.getString("internal_info"))),
                JsonDict.of(db.parseObject(row.getString("extra"))), Sql.instant(row.getLong("created_at")),
                Sql.instant(row, "updated_at"), row.getLong("version"));
    }
}
