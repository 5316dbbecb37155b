package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.AgentCredentials;
import dev.ferrum.conductor.node.AgentToken;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A node's {@link AgentCredentials}, read by the database from the stored internal state (the keys
 * {@link dev.ferrum.conductor.node.DriverInternalInfo} writes) so the heartbeat path decodes no node row.
 */
public final class AgentCredentialStore {
    private final Database db;
    private final String selectByUuid;
    private final String selectByName;
    private final String issue;

    AgentCredentialStore(Database db) {
        this.db = db;
        Dialect dialect = db.dialect();
        String select = "SELECT uuid, " + dialect.jsonText("internal_state", "agent_secret_token") + ", "
                + dialect.jsonText("internal_state", "agent_secret_token_pregenerated") + ", "
                + dialect.jsonText("internal_state", "agent_verify_ca") + " FROM nodes WHERE ";
        // Whole texts, not built per call: the compiled statement is looked up by its text on every heartbeat.
        this.selectByUuid = select + "uuid = ?";
        this.selectByName = select + "name = ?";
        this.issue = "UPDATE nodes SET internal_state = "
                + dialect.jsonSetTexts("internal_state", List.of("agent_secret_token"))
                + ", version = version + 1, updated_at = ? WHERE uuid = ? AND reservation IS NULL AND "
                + dialect.jsonText("internal_state", "agent_secret_token") + " IS NULL";
    }

    /** What {@link #issue} did. */
    public enum Issue {
        /** The token is the node's now. */
        ISSUED,
        /** The node has a token already (another lookup issued it first); nothing written. */
        ALREADY_ISSUED,
        /** Somebody holds the node's lock; nothing written. */
        LOCKED
    }

    /**
     * Gives the node {@code token} if it has none and nobody holds its lock, in one conditional UPDATE of that
     * key alone (version bumped, so writers holding an older version notice): a lookup's only write, with one
     * commit instead of the lock, the whole-row update and the unlock. {@link NotFoundException} for an unknown
     * node.
     */
    public Issue issue(UUID node, AgentToken token) {
        if (token.pregenerated()) {
            throw new IllegalArgumentException("only a token the conductor generated is issued at lookup");
        }
        return db.write("issue the agent token of node " + node, connection -> {
            try (PreparedStatement update = connection.prepareStatement(issue)) {
                update.setString(1, token.value());
                update.setLong(2, Sql.micros(db.now()));
                update.setString(3, node.toString());
                if (update.executeUpdate() == 1) {
                    return Issue.ISSUED;
                }
            }
            try (PreparedStatement query = connection.prepareStatement("SELECT reservation, "
                    + db.dialect().jsonText("internal_state", "agent_secret_token") + " FROM nodes WHERE uuid = ?")) {
                query.setString(1, node.toString());
                try (ResultSet row = query.executeQuery()) {
                    if (!row.next()) {
                        throw NotFoundException.of("Node", node.toString());
                    }
                    return row.getString(2) != null ? Issue.ALREADY_ISSUED : Issue.LOCKED;
                }
            }
        });
    }

    /** The credentials of the node named by uuid or name, as the API's {@code <node_ident>}; else 404. */
    public AgentCredentials getByIdent(String ident) {
        boolean byUuid = NodeStore.isUuid(ident);
        return db.read("read the agent credentials of node " + ident, connection -> {
            try (Statements statements = db.statements(connection)) {
                PreparedStatement query = statements.get(byUuid ? selectByUuid : selectByName);
                query.setString(1, ident);
                try (ResultSet row = query.executeQuery()) {
                    if (!row.next()) {
                        throw NotFoundException.of("Node", ident);
                    }
                    // SQLite answers a JSON true as 1, PostgreSQL as the text true.
                    boolean pregenerated = Optional.ofNullable(row.getString(3))
                            .filter(flag -> flag.equals("1") || flag.equals("true")).isPresent();
                    return new AgentCredentials(UUID.fromString(row.getString(1)),
                            Optional.ofNullable(row.getString(2)).map(token -> new AgentToken(token, pregenerated)),
                            Optional.ofNullable(row.getString(4)));
                }
            }
        });
    }
}
