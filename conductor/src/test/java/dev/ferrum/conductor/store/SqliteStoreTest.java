package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The store contract on the embedded SQLite default, one fresh data directory per test. */
class SqliteStoreTest extends StoreContract {
    @TempDir
    Path temp;

    private Path dataDirectory;

    @Override
    protected StoreConfig prepareDatabase() {
        dataDirectory = temp.resolve("data");
        return new StoreConfig.Sqlite(dataDirectory, Duration.ofSeconds(10), 4);
    }

    @Override
    protected Connection rawConnection() throws java.sql.SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dataDirectory.resolve("ferrum.db"));
    }

    @Override
    protected void discardDatabase() {
        // @TempDir removes the directory.
    }

    @Test
    void theDataDirectoryIsCreatedAndTheDatabaseRunsInWalMode() throws Exception {
        assertThat(dataDirectory.resolve("ferrum.db")).exists();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dataDirectory.resolve("ferrum.db"));
             Statement statement = connection.createStatement();
             ResultSet mode = statement.executeQuery("PRAGMA journal_mode")) {
            assertThat(mode.next()).isTrue();
            assertThat(mode.getString(1)).isEqualToIgnoringCase("wal");
        }
    }

    @Test
    void dataSurvivesAConductorRestart() {
        Node node = createNode("persistent");
        store().close();

        try (Store reopened = Store.open(StoreConfig.Sqlite.in(dataDirectory), Clock.systemUTC())) {
            assertThat(reopened.nodes().get(node.uuid())).isEqualTo(node);
        }
        assertThat(Files.exists(dataDirectory.resolve("ferrum.db"))).isTrue();
    }
}
