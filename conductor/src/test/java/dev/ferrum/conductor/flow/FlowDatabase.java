package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.fail;

import dev.ferrum.conductor.store.StoreConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * The database a flow test runs its conductors on: SQLite in the test's directory, or PostgreSQL in a fresh
 * schema of the server {@code FERRUM_TEST_POSTGRES_URL} names (dropped on close). Without that variable a
 * PostgreSQL run is skipped, except in CI ({@code CI=true}), where it must run.
 */
final class FlowDatabase implements AutoCloseable {
    static final String SQLITE = "sqlite";
    static final String POSTGRESQL = "postgresql";
    private static final String URL_VARIABLE = "FERRUM_TEST_POSTGRES_URL";

    private final StoreConfig config;
    private final Optional<String> schema;

    private FlowDatabase(StoreConfig config, Optional<String> schema) {
        this.config = config;
        this.schema = schema;
    }

    /** {@link #SQLITE} under {@code temp}, or {@link #POSTGRESQL}. */
    static FlowDatabase of(String kind, Path temp) {
        if (kind.equals(SQLITE)) {
            return new FlowDatabase(new StoreConfig.Sqlite(temp.resolve("data"), Duration.ofSeconds(10), 4),
                    Optional.empty());
        }
        Optional<String> url = Optional.ofNullable(System.getenv(URL_VARIABLE)).filter(u -> !u.isBlank());
        String how = URL_VARIABLE + " is not set; run conductor/src/test/scripts/start-test-postgres.sh as root and"
                + " export it (see docs/testing.md)";
        if (url.isEmpty() && "true".equals(System.getenv("CI"))) {
            fail("CI must run the flow tests on PostgreSQL: " + how);
        }
        Assumptions.assumeTrue(url.isPresent(), () -> "PostgreSQL run skipped: " + how);
        String schema = "ferrum_flow_" + UUID.randomUUID().toString().replace("-", "");
        execute(url.get(), "CREATE SCHEMA " + schema);
        return new FlowDatabase(new StoreConfig.Postgres(url.get(), Optional.of(schema), 4, Duration.ofSeconds(10)),
                Optional.of(schema));
    }

    StoreConfig config() {
        return config;
    }

    @Override
    public void close() {
        if (config instanceof StoreConfig.Postgres postgres && schema.isPresent()) {
            execute(postgres.jdbcUrl(), "DROP SCHEMA " + schema.get() + " CASCADE");
        }
    }

    private static void execute(String url, String sql) {
        try (Connection connection = DriverManager.getConnection(url);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + " failed: " + e.getMessage(), e);
        }
    }
}
