package dev.ferrum.protocol.erase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EraseDeliveryTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void aCleanResultDeliversItsDocumentsAsSentAndTheAnnouncedKey() {
        JsonNode result = WireJson.readTree(mapper, """
                {"clean_result": {"erase_signing_key": "KEY", "erase_certificates": [
                  {"certificate": {"id": "c1", "agent_public_key": "KEY", "node_uuid": "n1",
                   "media": {"device": "/dev/sda", "serial": "S1"},
                   "sanitization": {"method": "overwrite", "category": "clear"}, "outcome": "success"},
                   "signature": "sig"},
                  {"not": "a certificate"}]}}""".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        EraseDelivery delivery = EraseDelivery.of(Optional.of(result));

        assertThat(delivery.announcedKey()).isEqualTo("KEY");
        assertThat(delivery.documents()).hasSize(2);
        assertThat(EraseDelivery.Summary.of(delivery.documents().get(0))).isEqualTo(new EraseDelivery.Summary(
                "c1", "KEY", "n1", "/dev/sda", "S1", "overwrite", "clear", "success"));
        assertThat(EraseDelivery.Summary.of(delivery.documents().get(1)).id()).as("kept, read as empty").isEmpty();
    }

    @Test
    void aResultWithoutCertificatesDeliversNone() {
        assertThat(EraseDelivery.of(Optional.empty()).documents()).isEmpty();
        assertThat(EraseDelivery.of(Optional.of(mapper.createObjectNode().putObject("clean_result"))).documents())
                .isEmpty();
    }
}
