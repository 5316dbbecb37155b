package dev.ferrum.conductor.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

import static org.assertj.core.api.Assertions.fail;

/**
 * The store contract on a real PostgreSQL, named by {@code FERRUM_TEST_POSTGRES_URL}; each test runs
 * in a fresh random schema, dropped afterwards. Without the variable the test is skipped, except in
 * CI ({@code CI=true}), where it must run. Start a local server with
 * {@code conductor/src/test/scripts/start-test-postgres.sh}.
 */
class PostgresStoreTest extends StoreContract {
    private static final String URL_VARIABLE = "FERRUM_TEST_POSTGRES_URL";

    // Set per test once the schema exists; unset while skipped.
    private String schema;

    private static final String HOW = URL_VARIABLE + " is not set; run conductor/src/test/scripts/"
            + "start-test-postgres.sh as root and export " + URL_VARIABLE
            + "='jdbc:postgresql://127.0.0.1:5432/ferrum_test?user=ferrum&password=ferrum'";

    @BeforeAll
    static void ciMustRunIt() {
        if (url().isEmpty() && "true".equals(System.getenv("CI"))) {
            fail("CI must run the PostgreSQL store contract: " + HOW);
        }
    }

    private static Optional<String> url() {
        return Optional.ofNullable(System.getenv(URL_VARIABLE)).filter(u -> !u.isBlank());
    }

    @Override
    protected StoreConfig prepareDatabase() throws Exception {
        // Skipped test by test, so the report counts every assertion that did not run.
        Assumptions.assumeTrue(url().isPresent(), () -> "PostgreSQL store contract skipped: " + HOW);
        schema = "ferrum_test_" + UUID.randomUUID().toString().replace("-", "");
        execute("CREATE SCHEMA " + schema);
        return new StoreConfig.Postgres(url().orElseThrow(), Optional.of(schema), 4, Duration.ofSeconds(10));
    }

    @Override
    protected Connection rawConnection() throws java.sql.SQLException {
        Connection connection = DriverManager.getConnection(url().orElseThrow());
        connection.setSchema(schema);
        return connection;
    }

    @Override
    protected void discardDatabase() throws Exception {
        if (schema != null) {
            execute("DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private static void execute(String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(url().orElseThrow());
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
