package dev.ferrum.conductor.erasure;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * An erase certificate as the conductor keeps it: the signed {@code document} exactly as the agent
 * sent it, a few of its fields for listing, and what checking it on receipt found
 * ({@code signatureVerified}, else {@code verifyProblem}) under the key {@code keyId}.
 */
public record RecordedCertificate(
        UUID uuid,
        UUID nodeUuid,
        Instant receivedAt,
        String device,
        String serial,
        String method,
        String category,
        String outcome,
        boolean signatureVerified,
        String verifyProblem,
        String keyId,
        String document) {

    public RecordedCertificate {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(serial, "serial");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(verifyProblem, "verifyProblem");
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(document, "document");
    }
}
