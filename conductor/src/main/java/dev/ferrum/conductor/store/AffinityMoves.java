package dev.ferrum.conductor.store;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * Moves nodes' conductor_affinity from a dead conductor to the one taking them over, a page of nodes per statement
 * without their locks, for the nodes whose takeover is that move alone (their agent reaches a live conductor). One
 * lock, row read, update, history append and unlock per node made taking over a large dead conductor's fleet cost
 * five commits a node; here a page costs one transaction of two statements (the update, the history rows as one
 * JDBC batch). The statement's guard re-checks, in the database, what
 * makes the move right on each row (unlocked, not in maintenance, still in the state listed, still the dead
 * conductor's, its agent still holding a token), so a node that changed since the caller listed it is left alone
 * and not answered as moved: the caller takes it the long way, under its lock.
 */
public final class AffinityMoves {
    /** Nodes per statement: two bind parameters a node, well inside either database's limit. */
    static final int PAGE = 500;

    private final Database db;
    private final NodeHistoryStore history;

    AffinityMoves(Database db, NodeHistoryStore history) {
        this.db = db;
        this.history = history;
    }

    /**
     * Moves the affinity of those of {@code nodes} still unlocked, out of maintenance, in {@code state}, with
     * affinity {@code from} and an agent token, to {@code to}, appending {@code entry} of each moved node to its
     * history in the same transaction; returns the nodes moved.
     */
    public Set<UUID> move(String from, String to, ProvisionState state, List<UUID> nodes,
                          Function<UUID, NodeEvent> entry) {
        Set<UUID> moved = new HashSet<>();
        for (int start = 0; start < nodes.size(); start += PAGE) {
            moved.addAll(movePage(from, to, state, nodes.subList(start, Math.min(nodes.size(), start + PAGE)), entry));
        }
        return Collections.unmodifiableSet(moved);
    }

    private List<UUID> movePage(String from, String to, ProvisionState state, List<UUID> page,
                                Function<UUID, NodeEvent> entry) {
        String sql = "UPDATE nodes SET conductor_affinity = ?, version = version + 1, updated_at = ?"
                + " WHERE uuid IN (" + String.join(", ", Collections.nCopies(page.size(), "?")) + ")"
                + " AND reservation IS NULL AND maintenance = ? AND provision_state = ? AND conductor_affinity = ?"
                + " AND " + db.dialect().jsonText("internal_state", "agent_secret_token") + " IS NOT NULL"
                + " RETURNING uuid";
        return db.write("move the affinity of " + page.size() + " node(s) from " + from + " to " + to, connection -> {
            List<UUID> moved = new ArrayList<>();
            try (PreparedStatement update = connection.prepareStatement(sql)) {
                int i = 1;
                update.setString(i++, to);
                update.setLong(i++, Sql.micros(db.now()));
                for (UUID node : page) {
                    update.setString(i++, node.toString());
                }
                update.setBoolean(i++, false);
                update.setString(i++, state.wireName());
                update.setString(i, from);
                try (ResultSet rows = update.executeQuery()) {
                    while (rows.next()) {
                        moved.add(UUID.fromString(rows.getString(1)));
                    }
                }
            }
            if (!moved.isEmpty()) {
                try (PreparedStatement insert = connection.prepareStatement(NodeHistoryStore.INSERT)) {
                    for (UUID node : moved) {
                        history.bind(insert, entry.apply(node));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
            return moved;
        });
    }
}
