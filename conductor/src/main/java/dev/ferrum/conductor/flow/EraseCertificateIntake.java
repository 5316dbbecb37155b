package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.EraseCertificateStore;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.erase.EraseCertificates;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Takes the erase certificates out of a finished clean step's result ({@code clean_result.
 * erase_certificates}, with the agent's {@code erase_signing_key}), checks each (signature under
 * the key it names, that key the one the agent announced, issued for this node) and keeps every
 * one on the node with what the check found; a certificate that does not verify is kept and
 * flagged, never dropped, so the operator sees it.
 */
final class EraseCertificateIntake {
    private static final System.Logger LOG = System.getLogger(EraseCertificateIntake.class.getName());

    private final EraseCertificateStore store;
    private final Clock clock;
    private final EraseCertificates certificates = new EraseCertificates();

    EraseCertificateIntake(EraseCertificateStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Records the certificates {@code finished} carries, if any; returns them as recorded. */
    List<RecordedCertificate> receive(Node node, CommandResult finished) {
        JsonNode result = finished.commandResult().map(r -> r.path("clean_result"))
                .orElse(MissingNode.getInstance());
        JsonNode documents = result.path("erase_certificates");
        if (!documents.isArray()) {
            return List.of();
        }
        String announced = result.path("erase_signing_key").asText("");
        List<RecordedCertificate> recorded = new ArrayList<>();
        for (JsonNode document : documents) {
            RecordedCertificate certificate = check(node, document, announced);
            if (store.add(certificate)) {
                recorded.add(certificate);
                LOG.log(certificate.signatureVerified() ? System.Logger.Level.INFO : System.Logger.Level.WARNING,
                        "node={0} erase certificate {1} for {2} ({3}, {4}): {5}", node.uuid(), certificate.uuid(),
                        certificate.device(), certificate.method(), certificate.outcome(),
                        certificate.signatureVerified() ? "signature verified, key " + certificate.keyId()
                                : "NOT verified: " + certificate.verifyProblem());
            }
        }
        return recorded;
    }

    private RecordedCertificate check(Node node, JsonNode document, String announced) {
        EraseCertificates.Check check = certificates.verify(document);
        JsonNode body = document.path("certificate");
        List<String> problems = new ArrayList<>();
        if (!check.verified()) {
            problems.add(check.problem());
        }
        String key = body.path("agent_public_key").asText("");
        if (announced.isEmpty() || !announced.equals(key)) {
            problems.add("signed with a key the agent did not announce in erase_signing_key");
        }
        String issuedFor = body.path("node_uuid").asText("");
        if (!issuedFor.equals(node.uuid().toString())) {
            problems.add("issued for node '" + issuedFor + "', not this node");
        }
        return new RecordedCertificate(idOf(body), node.uuid(), clock.instant(),
                text(body.path("media"), "device"), text(body.path("media"), "serial"),
                text(body.path("sanitization"), "method"), text(body.path("sanitization"), "category"),
                text(body, "outcome"), problems.isEmpty(), String.join("; ", problems), check.keyId(),
                document.toString());
    }

    private static UUID idOf(JsonNode body) {
        try {
            return UUID.fromString(body.path("id").asText(""));
        } catch (IllegalArgumentException e) {
            // An id that is no UUID cannot name the resource; the document still keeps what was sent.
            return UUID.randomUUID();
        }
    }

    private static String text(JsonNode parent, String field) {
        String value = parent.path(field).asText("");
        return value.isEmpty() ? "unknown" : value;
    }
}
