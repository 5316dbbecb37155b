package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.error.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a store runs Flyway only when the schema lacks a bundled migration. Flyway's validation refuses a
 * history row whose checksum differs from its file, so a tampered checksum shows whether Flyway ran.
 */
class SchemaVersionsTest {
    @TempDir
    Path temp;

    @Test
    void theBundledVersionsAreTheMigrationFilesOfTheDialect() throws IOException {
        Set<String> files;
        try (Stream<Path> common = Files.list(Path.of("src/main/resources/db/migration/common"));
                Stream<Path> sqlite = Files.list(Path.of("src/main/resources/db/migration/sqlite"))) {
            files = Stream.concat(common, sqlite).map(file -> file.getFileName().toString())
                    .map(name -> name.substring(1, name.indexOf("__"))).collect(Collectors.toSet());
        }

        assertThat(SchemaVersions.bundled(Dialect.SQLITE)).isEqualTo(files).contains("1", "2");
    }

    @Test
    void aNewDatabaseHasNoAppliedVersionsAndAMigratedOneHasThemAll() throws SQLException {
        try (Connection empty = DriverManager.getConnection("jdbc:sqlite:" + temp.resolve("empty.db"))) {
            assertThat(SchemaVersions.applied(empty)).isEmpty();
            assertThat(SchemaVersions.upToDate(empty, Dialect.SQLITE)).isFalse();
        }
        Store.open(StoreConfig.Sqlite.in(temp), Clock.systemUTC()).close();
        try (Connection migrated = connection()) {
            assertThat(SchemaVersions.applied(migrated)).isEqualTo(SchemaVersions.bundled(Dialect.SQLITE));
            assertThat(SchemaVersions.upToDate(migrated, Dialect.SQLITE)).isTrue();
        }
    }

    @Test
    void reopeningAnUpToDateStoreLeavesFlywayOut() throws SQLException {
        Store.open(StoreConfig.Sqlite.in(temp), Clock.systemUTC()).close();
        execute("UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version = '1'");

        try (Store reopened = Store.open(StoreConfig.Sqlite.in(temp), Clock.systemUTC())) {
            assertThat(reopened.nodes().list(NodeQuery.all()).items()).isEmpty();
        }
    }

    @Test
    void aStoreMissingAMigrationGoesThroughFlyway() throws SQLException {
        Store.open(StoreConfig.Sqlite.in(temp), Clock.systemUTC()).close();
        execute("UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version = '1'");
        execute("DELETE FROM flyway_schema_history WHERE installed_rank = (SELECT max(installed_rank)"
                + " FROM flyway_schema_history)");

        assertThatThrownBy(() -> Store.open(StoreConfig.Sqlite.in(temp), Clock.systemUTC()))
                .isInstanceOf(StoreException.class).hasMessageContaining("checksum");
    }

    private Connection connection() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + temp.resolve("ferrum.db"));
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = connection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
