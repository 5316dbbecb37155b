package dev.ferrum.conductor.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The prepared statements of one unit of work on a pooled connection, for the statements that run on every agent
 * heartbeat. SQLite compiles a statement on each prepare (the heartbeat's token read and its JSON updates showed
 * as a fifth of a heartbeat's CPU in a profile) and its driver keeps no cache, so on SQLite the compiled
 * statements stay with their physical connection and are reused by the next unit of work on it; closing a
 * {@code Statements} leaves them open. On PostgreSQL, whose driver caches prepared statements itself, each is
 * prepared on the pooled connection and closed with this.
 */
final class Statements implements AutoCloseable {
    private final Connection connection;
    private final Optional<Cache> cache;
    private final Map<String, PreparedStatement> mine = new HashMap<>();

    private Statements(Connection connection, Optional<Cache> cache) {
        this.connection = connection;
        this.cache = cache;
    }

    /** The statements compiled on each physical SQLite connection, kept while that connection is open. */
    static final class Cache {
        private final Map<Connection, Map<String, PreparedStatement>> byConnection = new ConcurrentHashMap<>();

        /** Statements for {@code pooled}, a connection this thread holds from the pool. */
        Statements on(Connection pooled) {
            return new Statements(pooled, Optional.of(this));
        }

        private Map<String, PreparedStatement> of(Connection pooled) throws SQLException {
            // The pool wraps its connections per checkout; the compiled statements belong to the one underneath.
            Connection physical = pooled.unwrap(org.sqlite.SQLiteConnection.class);
            Map<String, PreparedStatement> compiled = byConnection.get(physical);
            if (compiled == null) {
                // A new physical connection: the pool retires old ones (their statements closed with them).
                List<Connection> retired = new ArrayList<>();
                for (Connection known : byConnection.keySet()) {
                    if (known.isClosed()) {
                        retired.add(known);
                    }
                }
                retired.forEach(byConnection::remove);
                // Only the thread holding the connection touches its map, so the map itself needs no lock.
                compiled = new HashMap<>();
                byConnection.put(physical, compiled);
            }
            return compiled;
        }
    }

    /** Statements prepared on {@code connection} and closed with this (no cache). */
    static Statements uncached(Connection connection) {
        return new Statements(connection, Optional.empty());
    }

    /** {@code sql} prepared on this unit's connection: compiled once per connection on SQLite, once per unit else. */
    PreparedStatement get(String sql) throws SQLException {
        PreparedStatement statement = mine.get(sql);
        if (statement != null) {
            return statement;
        }
        if (cache.isPresent()) {
            Map<String, PreparedStatement> compiled = cache.get().of(connection);
            statement = compiled.get(sql);
            if (statement == null || statement.isClosed()) {
                statement = connection.unwrap(org.sqlite.SQLiteConnection.class).prepareStatement(sql);
                compiled.put(sql, statement);
            }
            statement.clearParameters();
        } else {
            statement = connection.prepareStatement(sql);
        }
        mine.put(sql, statement);
        return statement;
    }

    @Override
    public void close() throws SQLException {
        if (cache.isEmpty()) {
            for (PreparedStatement statement : mine.values()) {
                statement.close();
            }
        }
        mine.clear();
    }
}
