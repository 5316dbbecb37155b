package dev.ferrum.conductor.store;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.DriverInternalInfo;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import dev.ferrum.conductor.state.ProvisionState;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Maps {@link Node} to the {@code nodes} table and back. The "data" columns are everything an update
 * may rewrite; uuid, created_at and reservation are written only on insert (the lock has its own
 * statements), and bmc_address / wait_deadline are derived from the node on every write. driver_info's
 * secrets pass through the {@link DriverInfoSealer} both ways, so the row holds them only sealed when a key is set.
 */
final class NodeRows {
    private static final List<String> DATA_COLUMNS = dataColumns();

    private final Database db;
    private final NodeAttributeColumns attributeColumns;
    private final DriverInfoSealer sealer;

    NodeRows(Database db, DriverInfoSealer sealer) {
        this.db = db;
        this.sealer = sealer;
        this.attributeColumns = new NodeAttributeColumns(db);
    }

    private static List<String> dataColumns() {
        List<String> columns = new ArrayList<>(List.of("name", "driver"));
        Arrays.stream(InterfaceKind.values()).map(InterfaceKind::fieldName).forEach(columns::add);
        columns.addAll(List.of("driver_info", "properties", "instance_info", "instance_uuid", "internal_state",
                "provision_state", "target_provision_state", "power_state", "target_power_state", "maintenance",
                "maintenance_reason", "last_error", "resource_class", "traits", "extra", "conductor_group",
                "automated_clean", "bmc_address", "wait_deadline", "inspection_started_at", "inspection_finished_at",
                "provision_updated_at", "updated_at", "conductor_affinity", "version"));
        columns.addAll(NodeAttributeColumns.COLUMNS);
        return List.copyOf(columns);
    }

    /** {@code INSERT INTO nodes (...) VALUES (?, ...)} for {@link #bindInsert}. */
    static String insertSql() {
        List<String> columns = new ArrayList<>(List.of("uuid", "created_at", "reservation"));
        columns.addAll(DATA_COLUMNS);
        return "INSERT INTO nodes (" + String.join(", ", columns) + ") VALUES ("
                + columns.stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
    }

    /**
     * {@code UPDATE nodes SET ... WHERE uuid = ? AND version = ? AND reservation = ?}: changes only a
     * node still at the version the caller read and still locked by the caller.
     */
    static String guardedUpdateSql() {
        return "UPDATE nodes SET " + DATA_COLUMNS.stream().map(c -> c + " = ?").collect(Collectors.joining(", "))
                + " WHERE uuid = ? AND version = ? AND reservation = ?";
    }

    void bindInsert(PreparedStatement statement, Node node) throws SQLException {
        statement.setString(1, node.uuid().toString());
        statement.setLong(2, Sql.micros(node.createdAt()));
        Sql.setString(statement, 3, node.reservation());
        bindData(statement, 4, node);
    }

    /** Binds the data columns from {@code first}; returns the next free index. */
    int bindData(PreparedStatement statement, int first, Node node) throws SQLException {
        int i = first;
        Sql.setString(statement, i++, node.name());
        statement.setString(i++, node.driver());
        for (InterfaceKind kind : InterfaceKind.values()) {
            Sql.setString(statement, i++, node.interfaces().get(kind));
        }
        statement.setString(i++, sealer.seal(node.uuid(), node.driverInfo()).toString());
        statement.setString(i++, node.properties().toString());
        statement.setString(i++, node.instanceInfo().toString());
        Sql.setString(statement, i++, node.instanceUuid().map(UUID::toString));
        statement.setString(i++, db.toJson(DriverInternalInfo.toStored(node.internal())));
        statement.setString(i++, node.provisionState().wireName());
        Sql.setString(statement, i++, node.targetProvisionState().map(ProvisionState::wireName));
        Sql.setString(statement, i++, node.powerState().map(PowerState::wireName));
        Sql.setString(statement, i++, node.targetPowerState().map(PowerState::wireName));
        statement.setBoolean(i++, node.maintenance());
        Sql.setString(statement, i++, node.maintenanceReason());
        Sql.setString(statement, i++, node.lastError());
        Sql.setString(statement, i++, node.resourceClass());
        statement.setString(i++, db.toJson(node.traits()));
        statement.setString(i++, node.extra().toString());
        statement.setString(i++, node.conductorGroup());
        Sql.setBoolean(statement, i++, node.automatedClean());
        Sql.setString(statement, i++, node.bmcAddress());
        Sql.setInstant(statement, i++, node.internal().waitDeadline());
        Sql.setInstant(statement, i++, node.inspectionStartedAt());
        Sql.setInstant(statement, i++, node.inspectionFinishedAt());
        Sql.setInstant(statement, i++, node.provisionUpdatedAt());
        Sql.setInstant(statement, i++, node.updatedAt());
        Sql.setString(statement, i++, node.conductorAffinity());
        statement.setLong(i++, node.version());
        i = attributeColumns.bind(statement, i, node.attributes());
        return i;
    }

    Node read(ResultSet row) throws SQLException {
        NodeInterfaces interfaces = NodeInterfaces.none();
        for (InterfaceKind kind : InterfaceKind.values()) {
            Optional<String> implementation = Sql.string(row, kind.fieldName());
            if (implementation.isPresent()) {
                interfaces = interfaces.with(kind, implementation.get());
            }
        }
        UUID uuid = UUID.fromString(row.getString("uuid"));
        return Node.builder(uuid, row.getString("driver"),
                        Sql.instant(row.getLong("created_at")))
                .name(Sql.string(row, "name"))
                .interfaces(interfaces)
                .driverInfo(sealer.open(uuid, dict(row, "driver_info")))
                .properties(dict(row, "properties"))
                .instanceInfo(dict(row, "instance_info"))
                .instanceUuid(Sql.uuid(row, "instance_uuid"))
                .internal(DriverInternalInfo.fromStored(db.parseObject(row.getString("internal_state"))))
                .provisionState(ProvisionState.fromWire(row.getString("provision_state")))
                .targetProvisionState(Sql.string(row, "target_provision_state").map(ProvisionState::fromWire))
                .powerState(Sql.string(row, "power_state").map(PowerState::fromWire))
                .targetPowerState(Sql.string(row, "target_power_state").map(PowerState::fromWire))
                .maintenance(row.getBoolean("maintenance"))
                .maintenanceReason(Sql.string(row, "maintenance_reason"))
                .lastError(Sql.string(row, "last_error"))
                .resourceClass(Sql.string(row, "resource_class"))
                .traits(db.parseStrings(row.getString("traits")))
                .extra(dict(row, "extra"))
                .conductorGroup(row.getString("conductor_group"))
                .automatedClean(Sql.bool(row, "automated_clean"))
                .inspectionStartedAt(Sql.instant(row, "inspection_started_at"))
                .inspectionFinishedAt(Sql.instant(row, "inspection_finished_at"))
                .provisionUpdatedAt(Sql.instant(row, "provision_updated_at"))
                .updatedAt(Sql.instant(row, "updated_at"))
                .reservation(Sql.string(row, "reservation"))
                .conductorAffinity(Sql.string(row, "conductor_affinity"))
                .version(row.getLong("version"))
                .attributes(attributeColumns.read(row))
                .build();
    }

    private JsonDict dict(ResultSet row, String column) throws SQLException {
        return JsonDict.of(db.parseObject(row.getString(column)));
    }
}
