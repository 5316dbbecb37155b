package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.volume.ConnectorType;
import dev.ferrum.conductor.volume.VolumeConnector;
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
 * Volume connectors in the store: a (type, connector_id) pair belongs to one connector; a taken one, or
 * a taken uuid, is a {@link DuplicateException}. Connectors go with their node. Updates are versioned.
 */
public final class VolumeConnectorStore {
    private static final String COLUMNS = "uuid, node_uuid, type, connector_id, extra, created_at, updated_at,"
            + " version";
    private static final Map<String, ListingSql.Kind> SORTABLE = Map.of("uuid", ListingSql.Kind.TEXT,
            "node_uuid", ListingSql.Kind.TEXT, "type", ListingSql.Kind.TEXT, "connector_id", ListingSql.Kind.TEXT,
            "created_at", ListingSql.Kind.NUMBER, "updated_at", ListingSql.Kind.NULLABLE_NUMBER);

    private final Database db;

    VolumeConnectorStore(Database db) {
        this.db = db;
    }

    /** Stores a new connector at version 1; its node must exist. */
    public VolumeConnector create(VolumeConnector connector) {
        return db.write("create volume connector " + connector.uuid(), connection -> {
            if (selectOne(connection, "uuid = ?", connector.uuid().toString()).isPresent()) {
                throw new DuplicateException("A volume connector with UUID " + connector.uuid() + " already exists.");
            }
            StoreChecks.nodeExists(connection, connector.nodeUuid());
            checkIdentityFree(connection, connector);
            VolumeConnector stamped = new VolumeConnector(connector.uuid(), connector.nodeUuid(), connector.type(),
                    connector.connectorId(), connector.extra(), db.now(), Optional.empty(), 1);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO volume_connectors (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, stamped.uuid().toString());
                insert.setString(2, stamped.nodeUuid().toString());
                insert.setString(3, stamped.type().wireName());
                insert.setString(4, stamped.connectorId());
                insert.setString(5, stamped.extra().toString());
                insert.setLong(6, Sql.micros(stamped.createdAt()));
                Sql.setInstant(insert, 7, stamped.updatedAt());
                insert.setLong(8, stamped.version());
                insert.executeUpdate();
            } catch (SQLException e) {
                throw translate(e, connector);
            }
            return stamped;
        });
    }

    public Optional<VolumeConnector> find(UUID uuid) {
        return db.read("read volume connector " + uuid, c -> selectOne(c, "uuid = ?", uuid.toString()));
    }

    /** The connector, or {@link NotFoundException}. */
    public VolumeConnector get(UUID uuid) {
        return find(uuid).orElseThrow(() -> NotFoundException.of("Volume connector", uuid.toString()));
    }

    /** A page of all connectors, or of one node's. */
    public Page<VolumeConnector> list(Optional<UUID> node, Listing listing) {
        return list(node, Optional.empty(), listing);
    }

    /** A page narrowed to the nodes {@code project} owns or leases when one is given (a project caller's view). */
    public Page<VolumeConnector> list(Optional<UUID> node, Optional<String> project, Listing listing) {
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
        return db.read("list volume connectors", c -> ListingSql.page(db, c, "volume_connectors", COLUMNS, SORTABLE,
                listing, where, args, this::read, VolumeConnector::uuid));
    }

    /** Rewrites the connector if it is still at {@code expectedVersion}. */
    public VolumeConnector update(VolumeConnector changed, long expectedVersion) {
        return db.write("update volume connector " + changed.uuid(), connection -> {
            VolumeConnector current = selectOne(connection, "uuid = ?", changed.uuid().toString())
                    .orElseThrow(() -> NotFoundException.of("Volume connector", changed.uuid().toString()));
            StoreChecks.nodeExists(connection, changed.nodeUuid());
            checkIdentityFree(connection, changed);
            VolumeConnector stored = new VolumeConnector(current.uuid(), changed.nodeUuid(), changed.type(),
                    changed.connectorId(), changed.extra(), current.createdAt(), Optional.of(db.now()),
                    current.version() + 1);
            try (PreparedStatement update = connection.prepareStatement("UPDATE volume_connectors SET node_uuid = ?,"
                    + " type = ?, connector_id = ?, extra = ?, updated_at = ?, version = ? WHERE uuid = ?"
                    + " AND version = ?")) {
                update.setString(1, stored.nodeUuid().toString());
                update.setString(2, stored.type().wireName());
                update.setString(3, stored.connectorId());
                update.setString(4, stored.extra().toString());
                Sql.setInstant(update, 5, stored.updatedAt());
                update.setLong(6, stored.version());
                update.setString(7, stored.uuid().toString());
                update.setLong(8, expectedVersion);
                if (update.executeUpdate() != 1) {
                    throw new VersionConflictException("Volume connector", current.uuid().toString(),
                            expectedVersion, current.version());
                }
            } catch (SQLException e) {
                throw translate(e, changed);
            }
            return stored;
        });
    }

    public void delete(UUID uuid) {
        db.write("delete volume connector " + uuid, connection -> {
            StoreChecks.deleteRow(connection, "volume_connectors", uuid, "Volume connector");
            return null;
        });
    }

    private void checkIdentityFree(Connection connection, VolumeConnector connector) throws SQLException {
        if (selectOne(connection, "type = ? AND connector_id = ? AND uuid <> ?", connector.type().wireName(),
                connector.connectorId(), connector.uuid().toString()).isPresent()) {
            throw duplicate(connector);
        }
    }

    private static DuplicateException duplicate(VolumeConnector connector) {
        return new DuplicateException("A volume connector with type " + connector.type().wireName()
                + " and connector ID " + connector.connectorId() + " already exists.");
    }

    private RuntimeException translate(SQLException e, VolumeConnector connector) {
        if (db.dialect().isUniqueViolation(e)) {
            return duplicate(connector);
        }
        if (db.dialect().isForeignKeyViolation(e)) {
            return NotFoundException.of("Node", connector.nodeUuid().toString());
        }
        return new StoreException("The store failed to write volume connector " + connector.uuid() + ": "
                + e.getMessage(), e);
    }

    private Optional<VolumeConnector> selectOne(Connection connection, String where, Object... args)
            throws SQLException {
        return ListingSql.select(connection, "SELECT " + COLUMNS + " FROM volume_connectors WHERE " + where,
                List.of(args), this::read).stream().findFirst();
    }

    private VolumeConnector read(ResultSet row) throws SQLException {
        return new VolumeConnector(UUID.fromString(row.getString("uuid")), UUID.fromString(row.getString("node_uuid")),
                ConnectorType.fromWire(row.getString("type")), row.getString("connector_id"),
                JsonDict.of(db.parseObject(row.getString("extra"))), Sql.instant(row.getLong("created_at")),
                Sql.instant(row, "updated_at"), row.getLong("version"));
    }
}
