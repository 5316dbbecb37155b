package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.AgentCredentials;
import dev.ferrum.conductor.node.AgentToken;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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

    AgentCredentialStore(Database db) {
        this.db = db;
        Dialect dialect = db.dialect();
        String select = "SELECT uuid, " + dialect.jsonText("internal_state", "agent_secret_token") + ", "
                + dialect.jsonText("internal_state", "agent_secret_token_pregenerated") + ", "
                + dialect.jsonText("internal_state", "agent_verify_ca") + " FROM nodes WHERE ";
        // Whole texts, not built per call: the compiled statement is looked up by its text on every heartbeat.
        this.selectByUuid = select + "uuid = ?";
        this.selectByName = select + "name = ?";
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
