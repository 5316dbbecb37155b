package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.protocol.erase.EraseCertificate;
import dev.ferrum.protocol.erase.EraseCertificates;
import java.security.KeyPair;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The certificates an agent returns from erase_devices are checked on receipt and kept on the node. */
class EraseCertificateFlowTest {
    private static final String MAC = "02:fc:00:00:00:07";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();
    private final EraseCertificates certificates = new EraseCertificates();
    private final KeyPair agentKeys = EraseCertificates.newKeyPair();

    @Test
    void cleaningKeepsEachCertificateWithWhetherItsSignatureVerified() throws Exception {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("node-7", MAC, ",\"deploy_interface\":\"direct\"");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        ObjectNode genuine = certificates.sign(certificate(node, "/dev/sda", agentKeys), agentKeys);
        ObjectNode forged = certificates.sign(certificate(node, "/dev/sdb", agentKeys), agentKeys);
        ((ObjectNode) forged.path("certificate")).put("outcome", "SUCCESS, honest");
        KeyPair stranger = EraseCertificates.newKeyPair();
        ObjectNode foreignKey = certificates.sign(certificate(node, "/dev/sdc", stranger), stranger);
        ObjectNode otherNode = certificates.sign(certificate(UUID.randomUUID(), "/dev/sdd", agentKeys), agentKeys);
        ObjectNode result = JsonNodeFactory.instance.objectNode()
                .put("erase_signing_key", EraseCertificates.encodeKey(agentKeys.getPublic()));
        result.putArray("erase_certificates").add(genuine).add(forged).add(foreignKey).add(otherNode);
        agent.cleanResult("erase_devices", result);

        conductor.runAgent(agent, MAC, node, ProvisionState.AVAILABLE);

        List<RecordedCertificate> kept = conductor.store.eraseCertificates().list(node);
        assertThat(kept).extracting(RecordedCertificate::device)
                .containsExactlyInAnyOrder("/dev/sda", "/dev/sdb", "/dev/sdc", "/dev/sdd");
        RecordedCertificate sda = byDevice(kept, "/dev/sda");
        assertThat(sda.signatureVerified()).isTrue();
        assertThat(sda.verifyProblem()).isEmpty();
        assertThat(sda.uuid().toString()).isEqualTo(genuine.path("certificate").path("id").asText());
        assertThat(sda.keyId()).isEqualTo(EraseCertificates.keyId(EraseCertificates.encodeKey(agentKeys.getPublic())));
        assertThat(certificates.verify(conductor.json.readTree(sda.document())).verified())
                .as("the kept document still verifies offline").isTrue();
        assertThat(byDevice(kept, "/dev/sdb").verifyProblem()).contains("does not match");
        assertThat(byDevice(kept, "/dev/sdc").verifyProblem()).contains("did not announce");
        assertThat(byDevice(kept, "/dev/sdd").verifyProblem()).contains("not this node");
        assertThat(kept).filteredOn(RecordedCertificate::signatureVerified).hasSize(1);
        assertThat(conductor.store.history().list(node)).filteredOn(e -> e.event().equals("erase.report"))
                .as("each disk's erase stays in the timeline after cleaning succeeded").hasSize(4)
                .anySatisfy(e -> assertThat(e.message()).contains("/dev/sda").contains("signature verified"))
                .anySatisfy(e -> assertThat(e.message()).contains("/dev/sdb").contains("NOT verified"));
    }

    private static RecordedCertificate byDevice(List<RecordedCertificate> kept, String device) {
        return kept.stream().filter(c -> c.device().equals(device)).findFirst().orElseThrow();
    }

    private static EraseCertificate certificate(UUID node, String device, KeyPair keys) {
        return new EraseCertificate(UUID.randomUUID().toString(), node.toString(),
                new EraseCertificate.Media(device, "ATA", "Samsung SSD 860", "S3Z1NB0K123456A", 500_107_862_016L,
                        "SSD"),
                new EraseCertificate.Sanitization("PURGE", "ATA SANITIZE, block erase", "ATA_SANITIZE_BLOCK",
                        "hdparm --sanitize-block-erase", "ferrum-agent test", List.of()),
                new EraseCertificate.Verification("quick sampling", "7", 18, 4096, "uniform", "PASSED", "18 of 18"),
                "2026-11-26T22:00:00Z", "2026-11-26T22:10:00Z", "SUCCESS", "ferrum-agent",
                EraseCertificates.encodeKey(keys.getPublic()));
    }
}
