package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.support.net.MacAddress;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the PXE filter decides on, read narrowly: every port's MAC with its node's provision state and boot
 * interface in one join, and whether any node is in a given state. Every conductor runs the filter every few
 * seconds over the whole fleet, so it must not read and decode whole node rows (at 100,000 nodes on three
 * conductors that full read was most of the cluster's CPU; see bench/README.md).
 */
public final class PortBootStore {
    private static final String BOOT_COLUMN = InterfaceKind.BOOT.fieldName();
    private final Database db;

    PortBootStore(Database db) {
        this.db = db;
    }

    /** One port's MAC and what its node is doing now. */
    public record PortBoot(MacAddress address, ProvisionState provisionState, Optional<String> bootInterface) {
    }

    /** Every port; read in one statement, so a port never comes without its node. */
    public List<PortBoot> list() {
        return db.read("list ports with their nodes' boot state", connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT p.address, n.provision_state, n."
                    + BOOT_COLUMN + " FROM ports p JOIN nodes n ON n.uuid = p.node_uuid");
                 ResultSet rows = query.executeQuery()) {
                List<PortBoot> ports = new ArrayList<>();
                while (rows.next()) {
                    ports.add(new PortBoot(MacAddresses.parse(rows.getString(1)),
                            ProvisionState.fromWire(rows.getString(2)), Optional.ofNullable(rows.getString(3))));
                }
                return ports;
            }
        });
    }

    /** Whether some node is in {@code state} now (an indexed probe, not a listing). */
    public boolean anyIn(ProvisionState state) {
        return db.read("look for a node in " + state.wireName(), connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT 1 FROM nodes WHERE provision_state = ? LIMIT 1")) {
                query.setString(1, state.wireName());
                try (ResultSet rows = query.executeQuery()) {
                    return rows.next();
                }
            }
        });
    }
}
