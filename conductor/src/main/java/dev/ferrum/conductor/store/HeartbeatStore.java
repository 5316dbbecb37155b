package dev.ferrum.conductor.store;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.DriverInternalInfo;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The heartbeat write path: a batch of agent heartbeats recorded in one transaction, each with a narrow read
 * (state, maintenance, lock, version, last heartbeat: no row decode) and a narrow UPDATE of the heartbeat keys of
 * internal_state, so the hot path needs neither the node's lock nor its JSON. A heartbeat that must be recorded
 * under the lock instead is kept durably in agent_heartbeats in the same transaction, so what the API answered
 * 202 for survives a crash either way. A node's first heartbeat on a boot is recorded in the batch too, with the
 * history entry that marks it, where no flow moves on it (see {@link #record(List, Set, Map, FirstHeartbeats)}).
 */
public final class HeartbeatStore {
    private static final List<String> KEYS = List.of("agent_url", "agent_version", "agent_last_heartbeat");
    private final Database db;
    private final NodeHistoryStore history;
    private final String read;
    private final String updateKeys;
    private final String updateKeysAndCa;
    private final String keep;

    /** The history entry a node's first heartbeat on a boot writes, given the node's provision state. */
    @FunctionalInterface
    public interface FirstHeartbeats {
        NodeEvent entry(AgentBeat beat, ProvisionState state);
    }

    HeartbeatStore(Database db, NodeHistoryStore history) {
        this.db = db;
        this.history = history;
        Dialect dialect = db.dialect();
        this.read = "SELECT provision_state, maintenance, reservation, version, "
                + dialect.jsonText("internal_state", "agent_last_heartbeat") + " FROM nodes WHERE uuid = ?";
        this.updateKeys = update(dialect, KEYS);
        List<String> withCa = new ArrayList<>(KEYS);
        withCa.add("agent_verify_ca");
        this.updateKeysAndCa = update(dialect, withCa);
        // Keep the newest per node: an older heartbeat arriving late never replaces a newer kept one.
        this.keep = "INSERT INTO agent_heartbeats (node_uuid, callback_url, agent_version, agent_verify_ca, received_at)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (node_uuid) DO UPDATE SET callback_url = excluded.callback_url,"
                + " agent_version = excluded.agent_version, agent_verify_ca = excluded.agent_verify_ca,"
                + " received_at = excluded.received_at WHERE excluded.received_at > agent_heartbeats.received_at";
    }

    /**
     * Sets the heartbeat keys (and wait_deadline: in the JSON and its column, or neither) on an unlocked row
     * still in the state and version just read; the guard makes a lock taken in between win.
     */
    private static String update(Dialect dialect, List<String> keys) {
        return "UPDATE nodes SET internal_state = CASE WHEN ? THEN "
                + dialect.jsonSetTexts(dialect.jsonSetTexts("internal_state", keys), List.of("wait_deadline"))
                + " ELSE " + dialect.jsonSetTexts("internal_state", keys) + " END,"
                + " wait_deadline = CASE WHEN ? THEN ? ELSE wait_deadline END, version = version + 1, updated_at = ?"
                + " WHERE uuid = ? AND reservation IS NULL AND provision_state = ? AND version = ?";
    }

    /**
     * Records {@code beats} in one transaction, in order, and answers each one's outcome in the same order.
     * A node in one of {@code flowStates} (and not in maintenance) is kept for the lock, as is a locked node and
     * one never heartbeated before (its first heartbeat goes into its timeline, which this variant does not
     * write); {@code deadlines} is the wait deadline a heartbeat sets per state that has one.
     */
    public List<AgentBeat.Outcome> record(List<AgentBeat> beats, Set<ProvisionState> flowStates,
                                          Map<ProvisionState, Instant> deadlines) {
        return record(beats, flowStates, deadlines, Optional.empty());
    }

    /**
     * {@link #record(List, Set, Map)}, except that an unlocked node's first heartbeat where no flow moves on it is
     * recorded in the batch as well, with the history entry {@code first} makes for it, in the same transaction
     * (the state the entry names is the one the guarded update wrote under): such a heartbeat needs neither the
     * node's lock nor its row. A first heartbeat that moves a flow on still goes to the lock, as the flow wants it.
     */
    public List<AgentBeat.Outcome> record(List<AgentBeat> beats, Set<ProvisionState> flowStates,
                                          Map<ProvisionState, Instant> deadlines, FirstHeartbeats first) {
        return record(beats, flowStates, deadlines, Optional.of(first));
    }

    private List<AgentBeat.Outcome> record(List<AgentBeat> beats, Set<ProvisionState> flowStates,
                                           Map<ProvisionState, Instant> deadlines, Optional<FirstHeartbeats> first) {
        return db.write("record " + beats.size() + " agent heartbeat(s)", connection -> {
            List<AgentBeat.Outcome> outcomes = new ArrayList<>(beats.size());
            // Only the statements this batch needs: the steady state (no certificate, nothing kept) needs two of four.
            try (Statements statements = db.statements(connection)) {
                Instant now = db.now();
                for (AgentBeat beat : beats) {
                    PreparedStatement update = beat.agentVerifyCa().isPresent() ? statements.get(updateKeysAndCa)
                            : statements.get(updateKeys);
                    AgentBeat.Outcome outcome = recordOne(statements, update, beat, flowStates, deadlines, first,
                            now);
                    if (outcome == AgentBeat.Outcome.KEPT_FOR_LOCK) {
                        keep(statements.get(keep), beat);
                    }
                    outcomes.add(outcome);
                }
            }
            return outcomes;
        });
    }

    private AgentBeat.Outcome recordOne(Statements statements, PreparedStatement update, AgentBeat beat,
                                        Set<ProvisionState> flowStates, Map<ProvisionState, Instant> deadlines,
                                        Optional<FirstHeartbeats> first, Instant now) throws SQLException {
        PreparedStatement query = statements.get(read);
        query.setString(1, beat.node().toString());
        ProvisionState state;
        long version;
        boolean firstOnBoot;
        try (ResultSet row = query.executeQuery()) {
            if (!row.next()) {
                // Deleted since the token check: the locked path reports it as the old path did.
                return AgentBeat.Outcome.KEPT_FOR_LOCK;
            }
            state = ProvisionState.fromWire(row.getString(1));
            boolean maintenance = row.getBoolean(2);
            boolean locked = row.getString(3) != null;
            version = row.getLong(4);
            Optional<Instant> last = Optional.ofNullable(row.getString(5)).map(DriverInternalInfo::instant);
            if (last.filter(at -> at.isAfter(beat.receivedAt())).isPresent()) {
                return AgentBeat.Outcome.OVERTAKEN;
            }
            firstOnBoot = last.isEmpty();
            if (locked || (firstOnBoot && first.isEmpty()) || (!maintenance && flowStates.contains(state))) {
                return AgentBeat.Outcome.KEPT_FOR_LOCK;
            }
        }
        Optional<Instant> deadline = Optional.ofNullable(deadlines.get(state));
        int i = 1;
        update.setBoolean(i++, deadline.isPresent());
        for (int copy = 0; copy < 2; copy++) {
            update.setString(i++, beat.callbackUrl().toString());
            update.setString(i++, beat.agentVersion());
            update.setString(i++, DriverInternalInfo.timestamp(beat.receivedAt()));
            if (beat.agentVerifyCa().isPresent()) {
                update.setString(i++, beat.agentVerifyCa().get());
            }
            if (copy == 0) {
                update.setString(i++, deadline.map(DriverInternalInfo::timestamp).orElse(""));
            }
        }
        update.setBoolean(i++, deadline.isPresent());
        Sql.setInstant(update, i++, deadline);
        update.setLong(i++, Sql.micros(now));
        update.setString(i++, beat.node().toString());
        update.setString(i++, state.wireName());
        update.setLong(i, version);
        if (update.executeUpdate() != 1) {
            return AgentBeat.Outcome.KEPT_FOR_LOCK;
        }
        if (firstOnBoot) {
            // The guard held: the node is in the state read, so the entry names the state the heartbeat came in.
            history.insert(statements.get(NodeHistoryStore.INSERT), first.orElseThrow().entry(beat, state));
        }
        return AgentBeat.Outcome.RECORDED;
    }

    private static void keep(PreparedStatement kept, AgentBeat beat) throws SQLException {
        kept.setString(1, beat.node().toString());
        kept.setString(2, beat.callbackUrl().toString());
        kept.setString(3, beat.agentVersion());
        Sql.setString(kept, 4, beat.agentVerifyCa());
        kept.setLong(5, Sql.micros(beat.receivedAt()));
        kept.executeUpdate();
    }

    /** The heartbeats kept for the lock and not yet recorded, oldest first (replayed when a conductor starts). */
    public List<AgentBeat> kept() {
        return db.read("read the kept agent heartbeats", connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT node_uuid, callback_url, agent_version,"
                    + " agent_verify_ca, received_at FROM agent_heartbeats ORDER BY received_at");
                 ResultSet rows = query.executeQuery()) {
                List<AgentBeat> beats = new ArrayList<>();
                while (rows.next()) {
                    beats.add(new AgentBeat(UUID.fromString(rows.getString(1)), URI.create(rows.getString(2)),
                            rows.getString(3), Sql.instant(rows.getLong(5)), Optional.ofNullable(rows.getString(4))));
                }
                return beats;
            }
        });
    }

    /** Forgets the node's kept heartbeat if it is not newer than {@code recorded} (the one now on the node). */
    public void forget(UUID node, Instant recorded) {
        db.write("forget the kept heartbeat of node " + node, connection -> forget(connection, node, recorded));
    }

    private static int forget(Connection connection, UUID node, Instant recorded) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(
                "DELETE FROM agent_heartbeats WHERE node_uuid = ? AND received_at <= ?")) {
            delete.setString(1, node.toString());
            delete.setLong(2, Sql.micros(recorded));
            return delete.executeUpdate();
        }
    }
}
