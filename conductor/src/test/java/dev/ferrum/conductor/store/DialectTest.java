package dev.ferrum.conductor.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The dialect recognises real constraint errors (SQLite's here; PostgreSQL's are standard SQLSTATEs). */
class DialectTest {

    @Test
    void recognisesSqliteConstraintViolations(@TempDir Path temp) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + temp.resolve("t.db")
                + "?foreign_keys=true");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE parent (id TEXT PRIMARY KEY, name TEXT UNIQUE)");
            statement.execute("CREATE TABLE child (id TEXT PRIMARY KEY, parent TEXT NOT NULL REFERENCES parent (id))");
            statement.execute("INSERT INTO parent VALUES ('p', 'n')");

            SQLException name = catchThrowableOfType(SQLException.class,
                    () -> statement.execute("INSERT INTO parent VALUES ('q', 'n')"));
            SQLException key = catchThrowableOfType(SQLException.class,
                    () -> statement.execute("INSERT INTO parent VALUES ('p', 'm')"));
            SQLException orphan = catchThrowableOfType(SQLException.class,
                    () -> statement.execute("INSERT INTO child VALUES ('c', 'missing')"));

            assertThat(Dialect.SQLITE.isUniqueViolation(name)).as(name.toString()).isTrue();
            assertThat(Dialect.SQLITE.isUniqueViolation(key)).as(key.toString()).isTrue();
            assertThat(Dialect.SQLITE.isForeignKeyViolation(key)).isFalse();
            assertThat(Dialect.SQLITE.isForeignKeyViolation(orphan)).as(orphan.toString()).isTrue();
            assertThat(Dialect.SQLITE.isUniqueViolation(orphan)).isFalse();
        }
    }

    @Test
    void recognisesPostgresqlSqlStates() {
        assertThat(Dialect.POSTGRESQL.isUniqueViolation(new SQLException("dup", "23505"))).isTrue();
        assertThat(Dialect.POSTGRESQL.isForeignKeyViolation(new SQLException("fk", "23503"))).isTrue();
        assertThat(Dialect.POSTGRESQL.isUniqueViolation(new SQLException("fk", "23503"))).isFalse();
    }
}
