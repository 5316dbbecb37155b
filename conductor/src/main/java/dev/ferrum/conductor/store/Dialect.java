package dev.ferrum.conductor.store;

import java.sql.SQLException;
import java.util.List;

/** What differs between the two engines: migration folders, errors, and text ordering. */
enum Dialect {
    SQLITE("sqlite"),
    POSTGRESQL("postgresql");

    private final String folder;

    Dialect(String folder) {
        this.folder = folder;
    }

    /** Flyway locations: the shared migrations and this engine's own. */
    List<String> migrationLocations() {
        return List.of("classpath:db/migration/common", "classpath:db/migration/" + folder);
    }

    /** Whether {@code e} reports a UNIQUE or PRIMARY KEY violation. */
    boolean isUniqueViolation(SQLException e) {
        return switch (this) {
            // SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555) arrive as code 19.
            case SQLITE -> e.getErrorCode() == 19 && e.getMessage() != null
                    && (e.getMessage().contains("UNIQUE") || e.getMessage().contains("PRIMARYKEY")
                    || e.getMessage().contains("PRIMARY KEY"));
            case POSTGRESQL -> "23505".equals(e.getSQLState());
        };
    }

    /** Whether {@code e} reports a foreign key violation (a row naming a node that is gone). */
    boolean isForeignKeyViolation(SQLException e) {
        return switch (this) {
            case SQLITE -> e.getErrorCode() == 19 && e.getMessage() != null && e.getMessage().contains("FOREIGN KEY");
            case POSTGRESQL -> "23503".equals(e.getSQLState());
        };
    }

    /**
     * What follows a text expression in ORDER BY and comparisons so both engines order bytewise (SQLite
     * does by default; PostgreSQL would follow the database's locale).
     */
    String bytewise() {
        return this == POSTGRESQL ? " COLLATE \"C\"" : "";
    }

    /**
     * The text of the top-level {@code key} of the JSON object stored as text in {@code column}, NULL when
     * absent or null. {@code key} is a constant of the code, never input.
     */
    String jsonText(String column, String key) {
        return switch (this) {
            case SQLITE -> "json_extract(" + column + ", '$." + key + "')";
            case POSTGRESQL -> "(" + column + "::json ->> '" + key + "')";
        };
    }

    /**
     * {@code column}'s JSON object text with each of {@code keys} set to a text parameter ({@code ?}, bound in
     * order), the other keys kept; the keys are constants of the code, never input.
     */
    String jsonSetTexts(String column, List<String> keys) {
        return switch (this) {
            case SQLITE -> "json_set(" + column + keys.stream().map(key -> ", '$." + key + "', ?")
                    .collect(java.util.stream.Collectors.joining()) + ")";
            case POSTGRESQL -> {
                String expression = column + "::jsonb";
                for (String key : keys) {
                    expression = "jsonb_set(" + expression + ", '{" + key + "}', to_jsonb(?::text))";
                }
                yield "(" + expression + ")::text";
            }
        };
    }
}
