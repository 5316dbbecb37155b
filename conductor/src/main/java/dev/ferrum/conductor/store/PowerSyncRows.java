package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.state.ProvisionState;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The nodes a power sync pass may read, narrow and paged: only the columns that say who owns a node (its uuid,
 * driver and conductor group) and which BMC it is behind, and only nodes settled enough to read (not enrolling, not
 * waiting for a ramdisk, not locked, no power change under way, not in maintenance unless for a power failure). At
 * a fleet of 100,000 nodes a pass then reads a few megabytes instead of every node's JSON columns; the pass reads a
 * node in full only under its lock, right before asking its BMC.
 */
public final class PowerSyncRows {
    /** How many rows one read returns. */
    public static final int PAGE = 1000;

    private final Database db;

    PowerSyncRows(Database db) {
        this.db = db;
    }

    /**
     * One node a pass may sync.
     *
     * @param bmcAddress the BMC host from driver_info (as {@code bmc_address} holds it), empty when it names none
     */
    public record Row(UUID uuid, String driver, String conductorGroup, Optional<String> bmcAddress) {
        public Row {
            Objects.requireNonNull(uuid, "uuid");
            Objects.requireNonNull(driver, "driver");
            Objects.requireNonNull(conductorGroup, "conductorGroup");
            Objects.requireNonNull(bmcAddress, "bmcAddress");
        }
    }

    /** Every such node, in uuid order, read {@link #PAGE} at a time. */
    public List<Row> all() {
        List<Row> out = new ArrayList<>();
        Optional<UUID> after = Optional.empty();
        while (true) {
            List<Row> page = page(after, PAGE);
            out.addAll(page);
            if (page.size() < PAGE) {
                return out;
            }
            after = Optional.of(page.getLast().uuid());
        }
    }

    /** Up to {@code limit} such nodes whose uuid comes after {@code after}, in uuid order. */
    public List<Row> page(Optional<UUID> after, int limit) {
        List<String> unsettled = new ArrayList<>(List.of(ProvisionState.ENROLL.wireName()));
        Arrays.stream(ProvisionState.values()).filter(ProvisionState::hasDeadline)
                .forEach(state -> unsettled.add(state.wireName()));
        String id = "uuid" + db.dialect().bytewise();
        String sql = "SELECT uuid, driver, conductor_group, bmc_address FROM nodes WHERE provision_state NOT IN ("
                + String.join(", ", unsettled.stream().map(s -> "?").toList()) + ") AND reservation IS NULL"
                + " AND target_power_state IS NULL AND (maintenance = ? OR fault = ?)"
                + (after.isPresent() ? " AND " + id + " > ?" : "") + " ORDER BY " + id + " LIMIT " + limit;
        return db.read("list nodes for power sync", connection -> {
            try (PreparedStatement query = connection.prepareStatement(sql)) {
                int i = 1;
                for (String state : unsettled) {
                    query.setString(i++, state);
                }
                query.setBoolean(i++, false);
                query.setString(i++, Fault.POWER_FAILURE.wireName());
                if (after.isPresent()) {
                    query.setString(i, after.get().toString());
                }
                try (ResultSet rows = query.executeQuery()) {
                    List<Row> out = new ArrayList<>();
                    while (rows.next()) {
                        out.add(new Row(UUID.fromString(rows.getString(1)), rows.getString(2), rows.getString(3),
                                Optional.ofNullable(rows.getString(4))));
                    }
                    return out;
                }
            }
        });
    }
}
