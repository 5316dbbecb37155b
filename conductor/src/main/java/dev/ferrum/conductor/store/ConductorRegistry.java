package dev.ferrum.conductor.store;

import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.error.NotFoundException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code conductors} table: each conductor registers on start, heartbeats periodically and
 * unregisters on a clean stop. A conductor whose heartbeat is older than the timeout counts as dead:
 * its node locks may be broken and its nodes taken over.
 */
public final class ConductorRegistry {
    private final Database db;

    ConductorRegistry(Database db) {
        this.db = db;
    }

    /**
     * Registers {@code hostname} online with the hardware types it serves, or re-registers it after a
     * restart (keeping its first created_at).
     */
    public ConductorRecord register(String hostname, List<String> drivers, String conductorGroup) {
        ConductorRecord proposed = new ConductorRecord(hostname, drivers, conductorGroup, true, db.now(), db.now());
        return db.write("register conductor " + hostname, connection -> {
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO conductors (hostname, drivers,"
                    + " conductor_group, online, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (hostname) DO UPDATE SET drivers = excluded.drivers,"
                    + " conductor_group = excluded.conductor_group, online = excluded.online,"
                    + " updated_at = excluded.updated_at")) {
                upsert.setString(1, hostname);
                upsert.setString(2, db.toJson(proposed.drivers()));
                upsert.setString(3, conductorGroup);
                upsert.setBoolean(4, true);
                upsert.setLong(5, Sql.micros(proposed.createdAt()));
                upsert.setLong(6, Sql.micros(proposed.updatedAt()));
                upsert.executeUpdate();
            }
            return select(connection, "hostname = ?", hostname).get(0);
        });
    }

    /** Records a heartbeat; {@link NotFoundException} when the conductor is not registered online. */
    public void heartbeat(String hostname) {
        Instant now = db.now();
        db.write("heartbeat conductor " + hostname, connection -> {
            try (PreparedStatement touch = connection.prepareStatement(
                    "UPDATE conductors SET updated_at = ? WHERE hostname = ? AND online = ?")) {
                touch.setLong(1, Sql.micros(now));
                touch.setString(2, hostname);
                touch.setBoolean(3, true);
                if (touch.executeUpdate() != 1) {
                    throw new NotFoundException("Conductor " + hostname + " is not registered online; register it"
                            + " again before heartbeating.");
                }
            }
            return null;
        });
    }

    /** Marks the conductor offline (a clean stop); {@link NotFoundException} if never registered. */
    public void unregister(String hostname) {
        db.write("unregister conductor " + hostname, connection -> {
            try (PreparedStatement offline = connection.prepareStatement(
                    "UPDATE conductors SET online = ? WHERE hostname = ?")) {
                offline.setBoolean(1, false);
                offline.setString(2, hostname);
                if (offline.executeUpdate() != 1) {
                    throw NotFoundException.of("Conductor", hostname);
                }
            }
            return null;
        });
    }

    public Optional<ConductorRecord> find(String hostname) {
        return db.read("read conductor " + hostname, c -> select(c, "hostname = ?", hostname).stream().findFirst());
    }

    /** Every registered conductor, online or not, by host name. */
    public List<ConductorRecord> list() {
        return db.read("list conductors", c -> select(c, "1 = 1"));
    }

    /** The conductors online that heartbeated within {@code timeout}, by host name. */
    public List<ConductorRecord> listAlive(Duration timeout) {
        long cutoff = Sql.micros(db.now().minus(timeout));
        return db.read("list live conductors", c -> select(c, "online = ? AND updated_at >= ?", true, cutoff));
    }

    private List<ConductorRecord> select(Connection connection, String where, Object... args) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT * FROM conductors WHERE " + where
                + " ORDER BY hostname" + db.dialect().bytewise())) {
            for (int i = 0; i < args.length; i++) {
                query.setObject(i + 1, args[i]);
            }
            try (ResultSet rows = query.executeQuery()) {
                List<ConductorRecord> conductors = new ArrayList<>();
                while (rows.next()) {
                    conductors.add(new ConductorRecord(rows.getString("hostname"),
                            db.parseStrings(rows.getString("drivers")), rows.getString("conductor_group"),
                            rows.getBoolean("online"), Sql.instant(rows.getLong("created_at")),
                            Sql.instant(rows.getLong("updated_at"))));
                }
                return conductors;
            }
        }
    }
}
