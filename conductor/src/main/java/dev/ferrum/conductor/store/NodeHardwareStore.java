package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.NodeHardware;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * Each node's {@link NodeHardware} (RAID configurations, console state), one row per node that has any,
 * deleted with the node. A node without a row reads as {@link NodeHardware#initial()}.
 */
public final class NodeHardwareStore {
    private final Database db;

    NodeHardwareStore(Database db) {
        this.db = db;
    }

    public NodeHardware get(UUID node) {
        return db.read("read hardware state of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT raid_config, target_raid_config,"
                    + " console_enabled FROM node_hardware WHERE node_uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? read(row) : NodeHardware.initial();
                }
            }
        });
    }

    /** The state of each of {@code nodes} that has a row (others are {@link NodeHardware#initial()}); one query. */
    public Map<UUID, NodeHardware> getAll(Collection<UUID> nodes) {
        return db.read("read hardware state of " + nodes.size() + " nodes", connection -> ByNodes.read(connection,
                "SELECT raid_config, target_raid_config, console_enabled, node_uuid FROM node_hardware"
                        + " WHERE node_uuid IN (%s)", "node_uuid", nodes, this::read));
    }

    /**
     * Applies {@code change} to the node's state in one transaction and returns the result; the caller holds
     * the node's lock when the change must not interleave with a flow. {@link NotFoundException} if the node
     * is gone.
     */
    public NodeHardware update(UUID node, UnaryOperator<NodeHardware> change) {
        return db.write("update hardware state of node " + node, connection -> {
            try (PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
                exists.setString(1, node.toString());
                try (ResultSet found = exists.executeQuery()) {
                    if (!found.next()) {
                        throw NotFoundException.of("Node", node.toString());
                    }
                }
            }
            Optional<NodeHardware> current;
            try (PreparedStatement query = connection.prepareStatement("SELECT raid_config, target_raid_config,"
                    + " console_enabled FROM node_hardware WHERE node_uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    current = row.next() ? Optional.of(read(row)) : Optional.empty();
                }
            }
            NodeHardware next = change.apply(current.orElse(NodeHardware.initial()));
            String sql = current.isPresent()
                    ? "UPDATE node_hardware SET raid_config = ?, target_raid_config = ?, console_enabled = ?,"
                    + " updated_at = ? WHERE node_uuid = ?"
                    : "INSERT INTO node_hardware (raid_config, target_raid_config, console_enabled, updated_at,"
                    + " node_uuid) VALUES (?, ?, ?, ?, ?)";
            try (PreparedStatement write = connection.prepareStatement(sql)) {
                write.setString(1, next.raidConfig().toString());
                write.setString(2, next.targetRaidConfig().toString());
                write.setBoolean(3, next.consoleEnabled());
                write.setLong(4, Sql.micros(db.now()));
                write.setString(5, node.toString());
                write.executeUpdate();
            }
            return next;
        });
    }

    private NodeHardware read(ResultSet row) throws java.sql.SQLException {
        return new NodeHardware(JsonDict.of(db.parseObject(row.getString(1))),
                JsonDict.of(db.parseObject(row.getString(2))), row.getBoolean(3));
    }
}
