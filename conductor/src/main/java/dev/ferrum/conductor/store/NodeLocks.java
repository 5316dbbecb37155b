package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NodeLockedException;
import dev.ferrum.conductor.error.NotFoundException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Node locks as Ironic keeps them: the {@code reservation} column names the conductor holding the
 * node, taken with a conditional UPDATE that succeeds only while it is NULL, so two conductors (on
 * one SQLite file or one PostgreSQL) can never both hold a node.
 */
public final class NodeLocks {
    private static final System.Logger LOG = System.getLogger(NodeLocks.class.getName());
    // A lock released between our failed UPDATE and the read that explains it: try again this often.
    private static final int ATTEMPTS = 3;
    private static final long WAIT_STEP_MILLIS = 25;

    private final Database db;

    NodeLocks(Database db) {
        this.db = db;
    }

    /** Locks the node for {@code conductor}, or {@link NodeLockedException} naming the holder. */
    public NodeLock acquire(UUID node, String conductor) {
        for (int attempt = 1; ; attempt++) {
            Optional<String> holder = reserveOrHolder(node, conductor);
            if (holder.isEmpty()) {
                return new NodeLock(node, conductor);
            }
            if (!holder.get().isEmpty() || attempt == ATTEMPTS) {
                throw NodeLockedException.heldBy(node, holder.get().isEmpty() ? "(released meanwhile)" : holder.get());
            }
        }
    }

    /** Locks the node for {@code conductor} if nobody holds it; empty when somebody does. */
    public Optional<NodeLock> tryAcquire(UUID node, String conductor) {
        try {
            return Optional.of(acquire(node, conductor));
        } catch (NodeLockedException held) {
            return Optional.empty();
        }
    }

    /**
     * Locks the node, waiting up to {@code patience} for a holder to let go (as Ironic's task manager retries
     * before it gives up), then {@link NodeLockedException} naming the holder.
     */
    public NodeLock acquireWaiting(UUID node, String conductor, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Optional<NodeLock> lock = tryAcquire(node, conductor);
            if (lock.isPresent()) {
                return lock.get();
            }
            if (System.nanoTime() > deadline) {
                return acquire(node, conductor);
            }
            try {
                Thread.sleep(WAIT_STEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the lock of node " + node, e);
            }
        }
    }

    /** {@link #withLock} with the lock taken by {@link #acquireWaiting}. */
    public <T> T withLockWaiting(UUID node, String conductor, Duration patience, Function<NodeLock, T> work) {
        NodeLock lock = acquireWaiting(node, conductor, patience);
        T result;
        try {
            result = work.apply(lock);
        } catch (RuntimeException failure) {
            try {
                release(lock);
            } catch (RuntimeException releaseFailed) {
                failure.addSuppressed(releaseFailed);
            }
            throw failure;
        }
        release(lock);
        return result;
    }

    /**
     * Empty when reserved now; otherwise the current holder, or "" if the node turned out free after all
     * (released between the two statements).
     */
    private Optional<String> reserveOrHolder(UUID node, String conductor) {
        return db.write("lock node " + node, connection -> {
            try (PreparedStatement reserve = connection.prepareStatement(
                    "UPDATE nodes SET reservation = ? WHERE uuid = ? AND reservation IS NULL")) {
                reserve.setString(1, conductor);
                reserve.setString(2, node.toString());
                if (reserve.executeUpdate() == 1) {
                    return Optional.empty();
                }
            }
            return Optional.of(holder(connection, node).orElse(""));
        });
    }

    /** Releases a lock the caller holds; {@link NodeLockedException} when it no longer does. */
    public void release(NodeLock lock) {
        db.write("unlock node " + lock.node(), connection -> {
            try (PreparedStatement release = connection.prepareStatement(
                    "UPDATE nodes SET reservation = NULL WHERE uuid = ? AND reservation = ?")) {
                release.setString(1, lock.node().toString());
                release.setString(2, lock.holder());
                if (release.executeUpdate() == 1) {
                    return null;
                }
            }
            holder(connection, lock.node());
            throw NodeLockedException.notHeldBy(lock.node(), lock.holder());
        });
    }

    /**
     * Runs {@code work} holding the node's lock and releases it afterwards, also when {@code work}
     * fails (a failed release then rides along as a suppressed exception).
     */
    public <T> T withLock(UUID node, String conductor, Function<NodeLock, T> work) {
        NodeLock lock = acquire(node, conductor);
        T result;
        try {
            result = work.apply(lock);
        } catch (RuntimeException failure) {
            try {
                release(lock);
            } catch (RuntimeException releaseFailed) {
                failure.addSuppressed(releaseFailed);
            }
            throw failure;
        }
        release(lock);
        return result;
    }

    /** Who holds the node; empty when free. {@link NotFoundException} for an unknown node. */
    public Optional<String> holder(UUID node) {
        return db.read("read lock of node " + node, connection -> holder(connection, node));
    }

    private static Optional<String> holder(Connection connection, UUID node) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT reservation FROM nodes WHERE uuid = ?")) {
            query.setString(1, node.toString());
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw NotFoundException.of("Node", node.toString());
                }
                return Optional.ofNullable(row.getString(1));
            }
        }
    }

    /**
     * Takes over every lock whose holder is not an online conductor that heartbeated within
     * {@code heartbeatTimeout} (its work died with it): each such node passes to {@code self} in one conditional
     * UPDATE, never free in between. The calling conductor is alive whatever its own heartbeat's age says (a late
     * heartbeat of its own must not free the locks of work it is doing). Returns the locks taken, each with the
     * conductor that held it; the caller releases each when it has dealt with its node.
     */
    public List<BrokenLock> takeOverLocksOfDeadConductors(String self, Duration heartbeatTimeout) {
        long cutoff = Sql.micros(db.now().minus(heartbeatTimeout));
        List<HeldLock> taken = db.write("take over locks of dead conductors", connection -> {
            List<HeldLock> stale = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement("SELECT uuid, reservation FROM nodes"
                    + " WHERE reservation IS NOT NULL AND reservation <> ? AND reservation NOT IN"
                    + " (SELECT hostname FROM conductors WHERE online = ? AND updated_at >= ?)")) {
                query.setString(1, self);
                query.setBoolean(2, true);
                query.setLong(3, cutoff);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        stale.add(new HeldLock(rows.getString(1), rows.getString(2)));
                    }
                }
            }
            List<HeldLock> passed = new ArrayList<>();
            try (PreparedStatement takeOver = connection.prepareStatement(
                    "UPDATE nodes SET reservation = ? WHERE uuid = ? AND reservation = ?")) {
                for (HeldLock lock : stale) {
                    takeOver.setString(1, self);
                    takeOver.setString(2, lock.node());
                    takeOver.setString(3, lock.holder());
                    if (takeOver.executeUpdate() == 1) {
                        passed.add(lock);
                    }
                }
            }
            return passed;
        });
        taken.forEach(lock -> LOG.log(System.Logger.Level.WARNING, "node=" + lock.node() + " lock held by dead"
                + " conductor " + lock.holder() + " taken over by " + self));
        return taken.stream()
                .map(lock -> new BrokenLock(lock.holder(), new NodeLock(UUID.fromString(lock.node()), self))).toList();
    }

    /** Frees every lock {@code conductor} holds (it starts up or shuts down); returns how many. */
    public int releaseAllHeldBy(String conductor) {
        return db.write("unlock nodes of " + conductor, connection -> {
            try (PreparedStatement release = connection.prepareStatement(
                    "UPDATE nodes SET reservation = NULL WHERE reservation = ?")) {
                release.setString(1, conductor);
                return release.executeUpdate();
            }
        });
    }

    private record HeldLock(String node, String holder) {
    }
}
