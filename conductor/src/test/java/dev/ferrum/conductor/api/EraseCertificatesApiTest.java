package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.erasure.RecordedCertificate;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GET /v1/nodes/{node}/erase_certificates[/{id}]: listed with their check, served as signed, operators only. */
class EraseCertificatesApiTest {
    private static final String DOCUMENT = "{\"format\":\"ferrum-erase-certificate/1\",\"certificate\":"
            + "{\"outcome\":\"SUCCESS\"},\"signature\":{\"algorithm\":\"Ed25519\",\"value\":\"AAAA\"}}";

    @TempDir
    Path temp;
    ApiFixture api;
    String node;
    RecordedCertificate kept;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("erased-node");
        kept = new RecordedCertificate(UUID.randomUUID(), UUID.fromString(node),
                Instant.parse("2026-11-26T22:10:00Z"), "/dev/nvme0n1", "S4EVNF0M", "NVME_SANITIZE_CRYPTO", "PURGE",
                "SUCCESS", true, "", "0123456789abcdef0123456789abcdef", DOCUMENT);
        api.store.eraseCertificates().add(kept);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void theListSaysWhatEachCertificateIsAndWhetherItVerified() {
        ApiFixture.Reply reply = api.get("/v1/nodes/erased-node/erase_certificates");

        assertThat(reply.status()).isEqualTo(200);
        JsonNode first = reply.body().path("erase_certificates").get(0);
        assertThat(first.path("uuid").asText()).isEqualTo(kept.uuid().toString());
        assertThat(first.path("device").asText()).isEqualTo("/dev/nvme0n1");
        assertThat(first.path("method").asText()).isEqualTo("NVME_SANITIZE_CRYPTO");
        assertThat(first.path("category").asText()).isEqualTo("PURGE");
        assertThat(first.path("signature_verified").asBoolean()).isTrue();
        assertThat(first.path("verify_problem").isNull()).isTrue();
        assertThat(first.path("received_at").asText()).startsWith("2026-11-26T22:10:00");
        assertThat(first.path("links").get(0).path("href").asText())
                .endsWith("/v1/nodes/" + node + "/erase_certificates/" + kept.uuid());
    }

    @Test
    void oneCertificateIsServedAsTheSignedDocument() {
        ApiFixture.Reply reply = api.get("/v1/nodes/" + node + "/erase_certificates/" + kept.uuid());

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().toString()).isEqualTo(DOCUMENT);
        assertThat(api.get("/v1/nodes/" + node + "/erase_certificates/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(api.get("/v1/nodes/" + node + "/erase_certificates/not-a-uuid").status()).isEqualTo(404);
        assertThat(api.get("/v1/nodes/" + UUID.randomUUID() + "/erase_certificates").status()).isEqualTo(404);
    }

    @Test
    void certificatesNeedAnOperatorToken() {
        assertThat(api.send("GET", "/v1/nodes/" + node + "/erase_certificates", Optional.empty(), Optional.empty(),
                Optional.empty()).status()).isEqualTo(401);
        assertThat(api.send("GET", "/v1/nodes/" + node + "/erase_certificates/" + kept.uuid(), Optional.empty(),
                Optional.empty(), Optional.of("wrong-token")).status()).isEqualTo(401);
        assertThat(api.send("DELETE", "/v1/nodes/" + node + "/erase_certificates/" + kept.uuid(), Optional.empty(),
                Optional.empty(), Optional.of(ApiFixture.TOKEN)).status()).isEqualTo(405);
    }
}
