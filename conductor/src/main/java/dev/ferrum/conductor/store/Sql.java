package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NotFoundException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;

/** JDBC binding of the domain's value types: times as epoch microseconds, absent as SQL NULL. */
final class Sql {

    private Sql() {
    }

    static long micros(Instant at) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, at);
    }

    static Instant instant(long micros) {
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    /** {@link NotFoundException} unless the node exists: checked first so the caller's write says which node. */
    static void requireNode(java.sql.Connection connection, UUID node) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
            query.setString(1, node.toString());
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw NotFoundException.of("Node", node.toString());
                }
            }
        }
    }

    static void setString(PreparedStatement statement, int index, Optional<String> value) throws SQLException {
        if (value.isPresent()) {
            statement.setString(index, value.get());
        } else {
            statement.setNull(index, Types.VARCHAR);
        }
    }

    static void setInstant(PreparedStatement statement, int index, Optional<Instant> value) throws SQLException {
        if (value.isPresent()) {
            statement.setLong(index, micros(value.get()));
        } else {
            statement.setNull(index, Types.BIGINT);
        }
    }

    static void setBoolean(PreparedStatement statement, int index, Optional<Boolean> value) throws SQLException {
        if (value.isPresent()) {
            statement.setBoolean(index, value.get());
        } else {
            statement.setNull(index, Types.BOOLEAN);
        }
    }

    static Optional<String> string(ResultSet row, String column) throws SQLException {
        return Optional.ofNullable(row.getString(column));
    }

    static Optional<UUID> uuid(ResultSet row, String column) throws SQLException {
        return string(row, column).map(UUID::fromString);
    }

    static Optional<Instant> instant(ResultSet row, String column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? Optional.empty() : Optional.of(instant(value));
    }

    static Optional<Boolean> bool(ResultSet row, String column) throws SQLException {
        boolean value = row.getBoolean(column);
        return row.wasNull() ? Optional.empty() : Optional.of(value);
    }
}
