package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.EraseCertificateStore;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.erase.EraseCertificates;
import dev.ferrum.protocol.erase.EraseDelivery;
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
        EraseDelivery delivery = EraseDelivery.of(finished.commandResult());
        if (delivery.documents().isEmpty()) {
            return List.of();
        }
        String announced = delivery.announcedKey();
        List<RecordedCertificate> recorded = new ArrayList<>();
        for (JsonNode document : delivery.documents()) {
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
        EraseDelivery.Summary body = EraseDelivery.Summary.of(document);
        List<String> problems = new ArrayList<>();
        if (!check.verified()) {
            problems.add(check.problem());
        }
        if (announced.isEmpty() || !announced.equals(body.agentPublicKey())) {
            problems.add("signed with a key the agent did not announce in erase_signing_key");
        }
        if (!body.nodeUuid().equals(node.uuid().toString())) {
            problems.add("issued for node '" + body.nodeUuid() + "', not this node");
        }
        return new RecordedCertificate(idOf(body.id()), node.uuid(), clock.instant(), known(body.device()),
                known(body.serial()), known(body.method()), known(body.category()), known(body.outcome()),
                problems.isEmpty(), String.join("; ", problems), check.keyId(), document.toString());
    }

    private static UUID idOf(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            // An id that is no UUID cannot name the resource; the document still keeps what was sent.
            return UUID.randomUUID();
        }
    }

    private static String known(String value) {
        return value.isEmpty() ? "unknown" : value;
    }
}
