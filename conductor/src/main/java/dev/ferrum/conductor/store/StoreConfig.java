package dev.ferrum.conductor.store;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Which database the store opens: the embedded SQLite file (one conductor) or a shared PostgreSQL
 * (several conductors). Built by {@code Main} from the configuration, passed to {@link Store#open}.
 */
public sealed interface StoreConfig {

    /** Connections the pool keeps at most. */
    int poolSize();

    /**
     * The embedded default: {@code ferrum.db} in {@code dataDirectory} (created if missing), WAL mode,
     * and {@code busyTimeout} for a writer waiting on another.
     */
    record Sqlite(Path dataDirectory, Duration busyTimeout, int poolSize) implements StoreConfig {
        public Sqlite {
            Objects.requireNonNull(dataDirectory, "dataDirectory");
            Objects.requireNonNull(busyTimeout, "busyTimeout");
            if (poolSize < 1) {
                throw new IllegalArgumentException("poolSize must be at least 1");
            }
        }

        /** The data directory with a 5 s busy timeout and 4 connections. */
        public static Sqlite in(Path dataDirectory) {
            return new Sqlite(dataDirectory, Duration.ofSeconds(5), 4);
        }

        /** The database file inside the data directory. */
        public Path databaseFile() {
            return dataDirectory.resolve("ferrum.db");
        }

        @Override
        public String toString() {
            // Written out: a record's generated toString is bootstrapped on first use, a few ms of every start's log.
            return "SQLite " + databaseFile() + " (busy timeout " + busyTimeout.toMillis() + " ms, " + poolSize
                    + " connections)";
        }
    }

    /**
     * A shared PostgreSQL: {@code jdbcUrl} with credentials (e.g.
     * {@code jdbc:postgresql://db:5432/ferrum?user=ferrum&password=…}), optionally a schema to use
     * instead of the user's default one (it must exist).
     */
    record Postgres(String jdbcUrl, Optional<String> schema, int poolSize, Duration connectionTimeout)
            implements StoreConfig {
        public Postgres {
            if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException("a PostgreSQL store needs a jdbc:postgresql: URL, got " + jdbcUrl);
            }
            Objects.requireNonNull(schema, "schema");
            Objects.requireNonNull(connectionTimeout, "connectionTimeout");
            if (poolSize < 1) {
                throw new IllegalArgumentException("poolSize must be at least 1");
            }
        }

        /** The URL in its default schema, 8 connections, 10 s to get one. */
        public static Postgres at(String jdbcUrl) {
            return new Postgres(jdbcUrl, Optional.empty(), 8, Duration.ofSeconds(10));
        }

        @Override
        public String toString() {
            // The URL may carry a password.
            return "Postgres[" + jdbcUrl.replaceAll("password=[^&]*", "password=" + "******") + ", schema="
                    + schema + ", poolSize=" + poolSize + "]";
        }
    }
}
