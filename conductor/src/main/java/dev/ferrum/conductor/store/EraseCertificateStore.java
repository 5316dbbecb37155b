package dev.ferrum.conductor.store;

import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.error.NotFoundException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A node's erase certificates, oldest first; a certificate recorded twice (the same result taken
 * up again) is kept once. Deleted with the node, like its history.
 */
public final class EraseCertificateStore {
    private final Database db;

    EraseCertificateStore(Database db) {
        this.db = db;
    }

    /** Records {@code certificate} for its (existing) node; false when it was already recorded. */
    public boolean add(RecordedCertificate certificate) {
        return db.write("record an erase certificate of node " + certificate.nodeUuid(), connection -> {
            try (PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM nodes WHERE uuid = ?")) {
                exists.setString(1, certificate.nodeUuid().toString());
                try (ResultSet found = exists.executeQuery()) {
                    if (!found.next()) {
                        throw NotFoundException.of("Node", certificate.nodeUuid().toString());
                    }
                }
            }
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO erase_certificates (uuid,"
                    + " node_uuid, received_at, device, serial, method, category, outcome, signature_verified,"
                    + " verify_problem, key_id, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (uuid) DO NOTHING")) {
                insert.setString(1, certificate.uuid().toString());
                insert.setString(2, certificate.nodeUuid().toString());
                insert.setLong(3, Sql.micros(certificate.receivedAt()));
                insert.setString(4, certificate.device());
                insert.setString(5, certificate.serial());
                insert.setString(6, certificate.method());
                insert.setString(7, certificate.category());
                insert.setString(8, certificate.outcome());
                insert.setBoolean(9, certificate.signatureVerified());
                insert.setString(10, certificate.verifyProblem());
                insert.setString(11, certificate.keyId());
                insert.setString(12, certificate.document());
                return insert.executeUpdate() == 1;
            }
        });
    }

    /** Every certificate of the node, oldest first; empty for an unknown node. */
    public List<RecordedCertificate> list(UUID node) {
        return db.read("list erase certificates of node " + node, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM erase_certificates WHERE node_uuid = ? ORDER BY received_at, uuid")) {
                query.setString(1, node.toString());
                try (ResultSet rows = query.executeQuery()) {
                    List<RecordedCertificate> found = new ArrayList<>();
                    while (rows.next()) {
                        found.add(row(rows));
                    }
                    return found;
                }
            }
        });
    }

    /** One certificate of the node. */
    public Optional<RecordedCertificate> get(UUID node, UUID certificate) {
        return db.read("read erase certificate " + certificate, connection -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM erase_certificates WHERE node_uuid = ? AND uuid = ?")) {
                query.setString(1, node.toString());
                query.setString(2, certificate.toString());
                try (ResultSet rows = query.executeQuery()) {
                    return rows.next() ? Optional.of(row(rows)) : Optional.empty();
                }
            }
        });
    }

    private static RecordedCertificate row(ResultSet rows) throws SQLException {
        return new RecordedCertificate(UUID.fromString(rows.getString("uuid")),
                UUID.fromString(rows.getString("node_uuid")), Sql.instant(rows.getLong("received_at")),
                rows.getString("device"), rows.getString("serial"), rows.getString("method"),
                rows.getString("category"), rows.getString("outcome"), rows.getBoolean("signature_verified"),
                rows.getString("verify_problem"), rows.getString("key_id"), rows.getString("document"));
    }
}
