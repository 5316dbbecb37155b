package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * On SQLite a statement is compiled once per physical connection and reused by later units of work on it, which
 * still read what was committed since; on a connection the pool opens in place of a retired one they are compiled
 * again. Uncached statements close with their unit.
 */
class StatementsTest {
    private static final String COUNT = "SELECT count(*) FROM beats WHERE node = ?";

    @TempDir
    Path temp;

    private HikariDataSource pool;
    private Database db;

    @BeforeEach
    void sqlitePoolOfOneConnection() throws SQLException {
        SQLiteConfig pragmas = new SQLiteConfig();
        pragmas.setJournalMode(SQLiteConfig.JournalMode.WAL);
        SQLiteDataSource source = new SQLiteDataSource(pragmas);
        source.setUrl("jdbc:sqlite:" + temp.resolve("statements.db"));
        HikariConfig config = new HikariConfig();
        config.setDataSource(source);
        config.setMaximumPoolSize(1);
        pool = new HikariDataSource(config);
        db = new Database(pool, Dialect.SQLITE, Clock.systemUTC(), JsonMapper.builder().build());
        db.write("create the table", connection -> connection.createStatement().executeUpdate(
                "CREATE TABLE beats (node TEXT NOT NULL)"));
    }

    @AfterEach
    void closePool() {
        pool.close();
    }

    @Test
    void aStatementIsCompiledOncePerConnectionAndReadsWhatWasCommittedSince() {
        PreparedStatement first = countInOneUnit("a", 0);
        insert("a");
        insert("a");

        PreparedStatement second = countInOneUnit("a", 2);
        assertThat(second).isSameAs(first);
        assertThat(isOpen(second)).isTrue();
    }

    @Test
    void aRetiredConnectionsStatementsAreCompiledAgainOnTheNewOne() {
        PreparedStatement before = countInOneUnit("b", 0);
        pool.getHikariPoolMXBean().softEvictConnections();
        insert("b");

        PreparedStatement after = countInOneUnit("b", 1);
        assertThat(after).isNotSameAs(before);
    }

    @Test
    void uncachedStatementsCloseWithTheirUnit() {
        PreparedStatement used = db.read("count uncached", connection -> {
            try (Statements statements = Statements.uncached(connection)) {
                PreparedStatement count = statements.get(COUNT);
                assertThat(statements.get(COUNT)).isSameAs(count);
                return count;
            }
        });
        assertThat(isOpen(used)).isFalse();
    }

    /** Counts {@code node}'s rows in a unit of work of its own, expecting {@code expected}; returns the statement. */
    private PreparedStatement countInOneUnit(String node, int expected) {
        return db.read("count", connection -> {
            try (Statements statements = db.statements(connection)) {
                PreparedStatement count = statements.get(COUNT);
                assertThat(countOf(count, node)).isEqualTo(expected);
                return count;
            }
        });
    }

    private void insert(String node) {
        db.write("insert", connection -> {
            try (Statements statements = db.statements(connection)) {
                PreparedStatement insert = statements.get("INSERT INTO beats (node) VALUES (?)");
                insert.setString(1, node);
                return insert.executeUpdate();
            }
        });
    }

    private static int countOf(PreparedStatement count, String node) throws SQLException {
        count.setString(1, node);
        try (ResultSet row = count.executeQuery()) {
            row.next();
            return row.getInt(1);
        }
    }

    private static boolean isOpen(PreparedStatement statement) {
        try {
            return !statement.isClosed();
        } catch (SQLException e) {
            return false;
        }
    }
}
