package dev.ferrum.conductor.store;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.NodeAttributes;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/** Maps {@link NodeAttributes} to the V5 columns of {@code nodes}, for {@link NodeRows}. */
final class NodeAttributeColumns {
    /** In the order {@link #bind} binds them. */
    static final List<String> COLUMNS = List.of("description", "owner", "lessee", "protected", "protected_reason",
            "retired", "retired_reason", "network_data", "shard", "fault", "boot_mode", "secure_boot", "parent_node",
            "disable_power_off");

    private final Database db;

    NodeAttributeColumns(Database db) {
        this.db = db;
    }

    /** Binds {@link #COLUMNS} from {@code first}; returns the next free index. */
    int bind(PreparedStatement statement, int first, NodeAttributes a) throws SQLException {
        int i = first;
        Sql.setString(statement, i++, a.description());
        Sql.setString(statement, i++, a.owner());
        Sql.setString(statement, i++, a.lessee());
        statement.setBoolean(i++, a.isProtected());
        Sql.setString(statement, i++, a.protectedReason());
        statement.setBoolean(i++, a.retired());
        Sql.setString(statement, i++, a.retiredReason());
        statement.setString(i++, a.networkData().toString());
        Sql.setString(statement, i++, a.shard());
        Sql.setString(statement, i++, a.fault().map(Fault::wireName));
        Sql.setString(statement, i++, a.bootMode());
        Sql.setBoolean(statement, i++, a.secureBoot());
        Sql.setString(statement, i++, a.parentNode().map(UUID::toString));
        statement.setBoolean(i++, a.disablePowerOff());
        return i;
    }

    NodeAttributes read(ResultSet row) throws SQLException {
        // An unknown stored fault (written by a newer version) reads as none rather than failing the node.
        return new NodeAttributes(Sql.string(row, "description"), Sql.string(row, "owner"), Sql.string(row, "lessee"),
                row.getBoolean("protected"), Sql.string(row, "protected_reason"), row.getBoolean("retired"),
                Sql.string(row, "retired_reason"), JsonDict.of(db.parseObject(row.getString("network_data"))),
                Sql.string(row, "shard"), Sql.string(row, "fault").flatMap(Fault::find), Sql.string(row, "boot_mode"),
                Sql.bool(row, "secure_boot"), Sql.uuid(row, "parent_node"), row.getBoolean("disable_power_off"));
    }
}
