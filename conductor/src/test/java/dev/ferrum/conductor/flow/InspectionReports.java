package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.state.ProvisionState;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/** The inspection tests' ramdisk: a node waiting in inspect wait, and IPA's sample report posted for it. */
final class InspectionReports {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private InspectionReports() {
    }

    /** Creates a fake-hardware node with in-band inspection and {@code fields} added, and moves it to inspect wait. */
    static UUID waitingNode(FlowFixture conductor, String fields) {
        var reply = conductor.expect(201, conductor.post("/v1/nodes", "{\"driver\":\"fake-hardware\","
                + "\"inspect_interface\":\"agent\"" + fields + "}", "latest"));
        UUID node = UUID.fromString(reply.body().get("uuid").asText());
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "inspect");
        conductor.await(node, ProvisionState.INSPECT_WAIT);
        return node;
    }

    /** IPA's sample report for the machine whose BMC is {@code bmc}, its first NIC with {@code lldp} if given. */
    static ObjectNode ipaReport(FlowFixture conductor, String bmc, Optional<JsonNode> lldp) {
        try (InputStream in = InspectionReports.class.getResourceAsStream("/flow/ipa-continue.json")) {
            ObjectNode report = (ObjectNode) conductor.json.readTree(in);
            ((ObjectNode) report.get("inventory")).put("bmc_address", bmc);
            lldp.ifPresent(tlvs -> ((ObjectNode) report.get("inventory").get("interfaces").get(0)).set("lldp", tlvs));
            return report;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Posts as IPA does: no Content-Type header at all. */
    static HttpResponse<String> postContinue(FlowFixture conductor, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(conductor.base + "/v1/continue"))
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
