package dev.ferrum.conductor.api.erasure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.UUID;

/**
 * {@code GET /v1/nodes/<ident>/erase_certificates[/<uuid>]} (a Ferrum extension, operator only):
 * the node's erase certificates, oldest first, with whether each verified on receipt; one
 * certificate is served as the signed document itself, so it can be saved and checked offline.
 */
public final class EraseCertificatesResource implements HttpService {
    private final Store store;
    private final Endpoints endpoints;

    public EraseCertificatesResource(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/nodes/{ident}/erase_certificates", endpoints.operator(this::list))
                .any("/v1/nodes/{ident}/erase_certificates", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/erase_certificates/{id}", endpoints.operator(this::show))
                .any("/v1/nodes/{ident}/erase_certificates/{id}", endpoints.methodNotAllowed());
    }

    private void list(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("erase_certificates");
        store.eraseCertificates().list(node.uuid()).forEach(c -> items.add(summary(call, c)));
        call.json(200, out);
    }

    private void show(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        String id = call.pathParam("id");
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw NotFoundException.of("Erase certificate", id);
        }
        RecordedCertificate certificate = store.eraseCertificates().get(node.uuid(), uuid)
                .orElseThrow(() -> NotFoundException.of("Erase certificate", id));
        try {
            call.json(200, call.mapper().readTree(certificate.document()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored erase certificate " + id + " is not JSON", e);
        }
    }

    private static ObjectNode summary(ApiCall call, RecordedCertificate certificate) {
        ObjectNode out = call.mapper().createObjectNode();
        out.put("uuid", certificate.uuid().toString());
        out.put("node_uuid", certificate.nodeUuid().toString());
        out.put("device", certificate.device());
        out.put("serial", certificate.serial());
        out.put("method", certificate.method());
        out.put("category", certificate.category());
        out.put("outcome", certificate.outcome());
        out.put("signature_verified", certificate.signatureVerified());
        if (certificate.verifyProblem().isEmpty()) {
            out.putNull("verify_problem");
        } else {
            out.put("verify_problem", certificate.verifyProblem());
        }
        out.put("key_id", certificate.keyId());
        out.put("received_at", ApiTimes.format(certificate.receivedAt()));
        out.set("links", Links.pair(call, "nodes/" + certificate.nodeUuid() + "/erase_certificates/"
                + certificate.uuid()));
        return out;
    }
}
