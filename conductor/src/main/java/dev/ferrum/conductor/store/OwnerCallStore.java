package dev.ferrum.conductor.store;

import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.cluster.OwnerCall;
import dev.ferrum.conductor.cluster.OwnerReply;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Synchronous calls to a node's ring owner ({@code node_owner_calls}): put by the conductor whose API took the
 * request, claimed once by the owner before the call's deadline, answered by it, and deleted by the caller once it
 * has the reply or has given up. Goes with the node.
 */
public final class OwnerCallStore {
    private static final String COLUMNS = "id, node_uuid, action, arguments, requested_by, requested_user,"
            + " requested_at, deadline";

    private final Database db;

    OwnerCallStore(Database db) {
        this.db = db;
    }

    /** Leaves {@code call} for the node's owner. */
    public void put(OwnerCall call) {
        db.write("call the owner of node " + call.node(), connection -> {
            Sql.requireNode(connection, call.node());
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO node_owner_calls (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, call.id().toString());
                insert.setString(2, call.node().toString());
                insert.setString(3, call.action().wireName());
                insert.setString(4, call.arguments());
                insert.setString(5, call.requestedBy());
                Sql.setString(insert, 6, call.user());
                insert.setLong(7, Sql.micros(call.requestedAt()));
                insert.setLong(8, Sql.micros(call.deadline()));
                insert.executeUpdate();
            }
            return null;
        });
    }

    /** The calls nobody has claimed whose deadline is after {@code now}, oldest first. */
    public List<OwnerCall> unclaimed(Instant now) {
        return db.read("list calls to node owners", connection -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT " + COLUMNS + " FROM node_owner_calls"
                    + " WHERE claimed_by IS NULL AND deadline > ? ORDER BY requested_at, id")) {
                query.setLong(1, Sql.micros(now));
                try (ResultSet rows = query.executeQuery()) {
                    List<OwnerCall> out = new ArrayList<>();
                    while (rows.next()) {
                        call(rows).ifPresent(out::add);
                    }
                    return out;
                }
            }
        });
    }

    /**
     * Takes {@code call} for {@code conductor}: true exactly once, and only while the call is still waited for (its
     * deadline is after {@code now} and its caller has not withdrawn it).
     */
    public boolean claim(OwnerCall call, String conductor, Instant now) {
        return db.write("claim call " + call.id() + " to the owner of node " + call.node(), connection -> {
            try (PreparedStatement update = connection.prepareStatement("UPDATE node_owner_calls SET claimed_by = ?"
                    + " WHERE id = ? AND claimed_by IS NULL AND deadline > ?")) {
                update.setString(1, conductor);
                update.setString(2, call.id().toString());
                update.setLong(3, Sql.micros(now));
                return update.executeUpdate() == 1;
            }
        });
    }

    /** Records the owner's reply; false when the caller no longer waits (it gave up and deleted the call). */
    public boolean reply(UUID call, OwnerReply reply) {
        return db.write("answer call " + call, connection -> {
            try (PreparedStatement update = connection.prepareStatement("UPDATE node_owner_calls SET reply_status = ?,"
                    + " reply_body = ? WHERE id = ?")) {
                switch (reply) {
                    case OwnerReply.Done done -> {
                        update.setInt(1, 200);
                        update.setString(2, done.result());
                    }
                    case OwnerReply.Failed failed -> {
                        update.setInt(1, failed.status());
                        update.setString(2, failed.message());
                    }
                }
                update.setString(3, call.toString());
                return update.executeUpdate() == 1;
            }
        });
    }

    /** The owner's reply to {@code call}, once there is one. */
    public Optional<OwnerReply> replyTo(UUID call) {
        return db.read("read the reply to call " + call, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT reply_status, reply_body FROM node_owner_calls WHERE id = ? AND reply_status IS NOT NULL")) {
                query.setString(1, call.toString());
                try (ResultSet rows = query.executeQuery()) {
                    if (!rows.next()) {
                        return Optional.empty();
                    }
                    int status = rows.getInt(1);
                    String body = rows.getString(2);
                    return Optional.of(status == 200 ? new OwnerReply.Done(body) : new OwnerReply.Failed(status, body));
                }
            }
        });
    }

    /** Withdraws {@code call} if no owner has claimed it yet: true means it never runs. */
    public boolean withdrawUnclaimed(UUID call) {
        return db.write("withdraw call " + call, connection -> {
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM node_owner_calls WHERE id = ? AND claimed_by IS NULL")) {
                delete.setString(1, call.toString());
                return delete.executeUpdate() == 1;
            }
        });
    }

    /** Deletes {@code call}, answered or not: its caller is done with it. */
    public void delete(UUID call) {
        db.write("forget call " + call, connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM node_owner_calls WHERE id = ?")) {
                delete.setString(1, call.toString());
                delete.executeUpdate();
            }
            return null;
        });
    }

    /** Deletes calls asked before {@code before} (their callers died waiting); returns how many. */
    public int pruneBefore(Instant before) {
        return db.write("prune calls to node owners", connection -> {
            try (PreparedStatement delete = connection.prepareStatement(
                    "DELETE FROM node_owner_calls WHERE requested_at < ?")) {
                delete.setLong(1, Sql.micros(before));
                return delete.executeUpdate();
            }
        });
    }

    /** A row as a call; empty for an action this conductor does not know (a newer conductor's), which it leaves. */
    private static Optional<OwnerCall> call(ResultSet row) throws SQLException {
        Optional<OwnerAction> action = OwnerAction.fromWireName(row.getString(3));
        if (action.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new OwnerCall(UUID.fromString(row.getString(1)), UUID.fromString(row.getString(2)),
                action.get(), row.getString(4), row.getString(5), Optional.ofNullable(row.getString(6)),
                Sql.instant(row.getLong(7)), Sql.instant(row.getLong(8))));
    }
}
