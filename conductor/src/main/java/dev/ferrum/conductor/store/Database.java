package dev.ferrum.conductor.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

/**
 * The connection pool plus the few rules every store operation follows: reads run in auto-commit,
 * writes in one transaction that commits or rolls back whole, and JDBC failures surface as
 * {@link StoreException} saying what was being done.
 */
final class Database {
    private final DataSource dataSource;
    private final Dialect dialect;
    private final Clock clock;
    private final ObjectMapper json;
    /**
     * SQLite lets one writer in at a time and makes the others poll with growing sleeps while each holds a
     * pooled connection; queueing this process's writers here instead keeps them from starving the
     * readers of connections and hands the write lock over without sleeping. PostgreSQL needs no such queue.
     */
    private final Optional<ReentrantLock> writers;
    /** SQLite's compiled statements per connection (see {@link Statements}); PostgreSQL's driver keeps its own. */
    private final Optional<Statements.Cache> statements;

    Database(DataSource dataSource, Dialect dialect, Clock clock, ObjectMapper json) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.clock = clock;
        this.json = json;
        this.writers = dialect == Dialect.SQLITE ? Optional.of(new ReentrantLock()) : Optional.empty();
        this.statements = dialect == Dialect.SQLITE ? Optional.of(new Statements.Cache()) : Optional.empty();
    }

    /** A unit of JDBC work. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    Dialect dialect() {
        return dialect;
    }

    /** The clock's now, to the microsecond the columns keep. */
    Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    /** Prepared statements on {@code connection} for one unit of work; reused across units where that pays. */
    Statements statements(Connection connection) {
        return statements.map(cache -> cache.on(connection)).orElseGet(() -> Statements.uncached(connection));
    }

    <T> T read(String what, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw new StoreException("The store failed to " + what + ": " + e.getMessage(), e);
        }
    }

    /** Runs {@code work} in a transaction; any exception rolls it back and propagates. */
    <T> T write(String what, Work<T> work) {
        writers.ifPresent(ReentrantLock::lock);
        try {
            return writeInTransaction(what, work);
        } finally {
            writers.ifPresent(ReentrantLock::unlock);
        }
    }

    private <T> T writeInTransaction(String what, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                // The pool restores auto-commit when the connection goes back.
                rollback(connection, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("The store failed to " + what + ": " + e.getMessage(), e);
        }
    }

    private static void rollback(Connection connection, Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException rollbackFailed) {
            cause.addSuppressed(rollbackFailed);
        }
    }

    String toJson(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serialises", e);
        }
    }

    ObjectNode parseObject(String text) {
        JsonNode node = parse(text);
        if (!(node instanceof ObjectNode object)) {
            throw new StoreException("The store holds malformed JSON where an object belongs: " + text, null);
        }
        return object;
    }

    List<String> parseStrings(String text) {
        JsonNode node = parse(text);
        if (!(node instanceof ArrayNode array)) {
            throw new StoreException("The store holds malformed JSON where a list belongs: " + text, null);
        }
        List<String> strings = new ArrayList<>();
        array.forEach(element -> strings.add(element.asText()));
        return strings;
    }

    String toJson(List<String> strings) {
        ArrayNode array = json.createArrayNode();
        strings.forEach(array::add);
        return toJson(array);
    }

    private JsonNode parse(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new StoreException("The store holds malformed JSON: " + e.getOriginalMessage(), e);
        }
    }
}
