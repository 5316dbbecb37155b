package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.volume.VolumeTarget;
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
 * Volume targets in the store: a boot index belongs to one target per node; a taken one, or a taken
 * uuid, is a {@link DuplicateException}. Targets go with their node. Updates are versioned.
 */
public final class VolumeTargetStore {
    private static final String COLUMNS = "uuid, node_uuid, volume_type, properties, boot_index, volume_id, extra,"
            + " created_at, updated_at, version";
    private static final Map<String, ListingSql.Kind> SORTABLE = Map.of("uuid", ListingSql.Kind.TEXT,
            "node_uuid", ListingSql.Kind.TEXT, "volume_type", ListingSql.Kind.TEXT,
            "boot_index", ListingSql.Kind.NUMBER, "volume_id", ListingSql.Kind.TEXT,
            "created_at", ListingSql.Kind.NUMBER, "updated_at", ListingSql.Kind.NULLABLE_NUMBER);

    private final Database db;

    VolumeTargetStore(Database db) {
        this.db = db;
    }

    /** Stores a new target at version 1; its node must exist. */
    public VolumeTarget create(VolumeTarget target) {
        return db.write("create volume target " + target.uuid(), connection -> {
            if (selectOne(connection, "uuid = ?", target.uuid().toString()).isPresent()) {
                throw new DuplicateException("A volume target with UUID " + target.uuid() + " already exists.");
            }
            StoreChecks.nodeExists(connection, target.nodeUuid());
            checkBootIndexFree(connection, target);
            VolumeTarget stamped = new VolumeTarget(target.uuid(), target.nodeUuid(), target.volumeType(),
                    target.properties(), target.bootIndex(), target.volumeId(), target.extra(), db.now(),
                    Optional.empty(), 1);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO volume_targets (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, stamped.uuid().toString());
                insert.setString(2, stamped.nodeUuid().toString());
                insert.setString(3, stamped.volumeType());
                insert.setString(4, stamped.properties().toString());
                insert.setLong(5, stamped.bootIndex());
                insert.setString(6, stamped.volumeId());
                insert.setString(7, stamped.extra().toString());
                insert.setLong(8, Sql.micros(stamped.createdAt()));
                Sql.setInstant(insert, 9, stamped.updatedAt());
                insert.setLong(10, stamped.version());
                insert.executeUpdate();
            } catch (SQLException e) {
                throw translate(e, target);
            }
            return stamped;
        });
    }

    public Optional<VolumeTarget> find(UUID uuid) {
        return db.read("read volume target " + uuid, c -> selectOne(c, "uuid = ?", uuid.toString()));
    }

    /** The target, or {@link NotFoundException}. */
    public VolumeTarget get(UUID uuid) {
        return find(uuid).orElseThrow(() -> NotFoundException.of("Volume target", uuid.toString()));
    }

    /** A page of all targets, or of one node's. */
    public Page<VolumeTarget> list(Optional<UUID> node, Listing listing) {
        return list(node, Optional.empty(), listing);
    }

    /** A page narrowed to the nodes {@code project} owns or leases when one is given (a project caller's view). */
    public Page<VolumeTarget> list(Optional<UUID> node, Optional<String> project, Listing listing) {
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
        return db.read("list volume targets", c -> ListingSql.page(db, c, "volume_targets", COLUMNS, SORTABLE,
                listing, where, args, this::read, VolumeTarget::uuid));
    }

    /** Rewrites the target if it is still at {@code expectedVersion}. */
    public VolumeTarget update(VolumeTarget changed, long expectedVersion) {
        return db.write("update volume target " + changed.uuid(), connection -> {
            VolumeTarget current = selectOne(connection, "uuid = ?", changed.uuid().toString())
                    .orElseThrow(() -> NotFoundException.of("Volume target", changed.uuid().toString()));
            StoreChecks.nodeExists(connection, changed.nodeUuid());
            checkBootIndexFree(connection, changed);
            VolumeTarget stored = new VolumeTarget(current.uuid(), changed.nodeUuid(), changed.volumeType(),
                    changed.properties(), changed.bootIndex(), changed.volumeId(), changed.extra(),
                    current.createdAt(), Optional.of(db.now()), current.version() + 1);
            try (PreparedStatement update = connection.prepareStatement("UPDATE volume_targets SET node_uuid = ?,"
                    + " volume_type = ?, properties = ?, boot_index = ?, volume_id = ?, extra = ?, updated_at = ?,"
                    + " version = ? WHERE uuid = ? AND version = ?")) {
                update.setString(1, stored.nodeUuid().toString());
                update.setString(2, stored.volumeType());
                update.setString(3, stored.properties().toString());
                update.setLong(4, stored.bootIndex());
                update.setString(5, stored.volumeId());
                update.setString(6, stored.extra().toString());
                Sql.setInstant(update, 7, stored.updatedAt());
                update.setLong(8, stored.version());
                update.setString(9, stored.uuid().toString());
                update.setLong(10, expectedVersion);
                if (update.executeUpdate() != 1) {
                    throw new VersionConflictException("Volume target", current.uuid().toString(),
                            expectedVersion, current.version());
                }
            } catch (SQLException e) {
                throw translate(e, changed);
            }
            return stored;
        });
    }

    public void delete(UUID uuid) {
        db.write("delete volume target " + uuid, connection -> {
            StoreChecks.deleteRow(connection, "volume_targets", uuid, "Volume target");
            return null;
        });
    }

    private void checkBootIndexFree(Connection connection, VolumeTarget target) throws SQLException {
        if (selectOne(connection, "node_uuid = ? AND boot_index = ? AND uuid <> ?", target.nodeUuid().toString(),
                (long) target.bootIndex(), target.uuid().toString()).isPresent()) {
            throw duplicate(target);
        }
    }

    private static DuplicateException duplicate(VolumeTarget target) {
        return new DuplicateException("A volume target with boot index '" + target.bootIndex()
                + "' for the same node already exists.");
    }

    private RuntimeException translate(SQLException e, VolumeTarget target) {
        if (db.dialect().isUniqueViolation(e)) {
            return duplicate(target);
        }
        if (db.dialect().isForeignKeyViolation(e)) {
            return NotFoundException.of("Node", target.nodeUuid().toString());
        }
        return new StoreException("The store failed to write volume target " + target.uuid() + ": "
                + e.getMessage(), e);
    }

    private Optional<VolumeTarget> selectOne(Connection connection, String where, Object... args)
            throws SQLException {
        return ListingSql.select(connection, "SELECT " + COLUMNS + " FROM volume_targets WHERE " + where,
                List.of(args), this::read).stream().findFirst();
    }

    private VolumeTarget read(ResultSet row) throws SQLException {
        return new VolumeTarget(UUID.fromString(row.getString("uuid")), UUID.fromString(row.getString("node_uuid")),
                row.getString("volume_type"), JsonDict.of(db.parseObject(row.getString("properties"))),
                (int) row.getLong("boot_index"), row.getString("volume_id"),
                JsonDict.of(db.parseObject(row.getString("extra"))), Sql.instant(row.getLong("created_at")),
                Sql.instant(row, "updated_at"), row.getLong("version"));
    }
}
