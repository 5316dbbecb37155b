package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.testing.AgentCertificates;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Lookup and heartbeat answer as ramdisk-lookup-heartbeat.txt shows stock Ironic answering. */
class RamdiskEndpointsTest {
    private static final String MAC = "52:54:00:aa:cc:d5";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private UUID node;

    @BeforeEach
    void start() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        node = conductor.createNode("lookup-node", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":"
                + "{\"image_source\":\"http://127.0.0.1:1/disk.raw\",\"image_checksum\":\"abc\"}");
    }

    private void toWaitCallBack() {
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
    }

    @Test
    void lookupIn404sWhenTheNodeWaitsForNoRamdisk() {
        var reply = conductor.expect(404, conductor.get("/v1/lookup?addresses=" + MAC, "latest"));
        assertThat(conductor.fault(reply)).isEqualTo("Resource could not be found.");
    }

    @Test
    void lookupIssuesTheTokenOnceAndMasksItAfterwards() {
        toWaitCallBack();
        // Before 1.22 there is no lookup at all; at 1.22 no token is issued.
        conductor.expect(404, conductor.get("/v1/lookup?addresses=" + MAC, "1.1"));
        var old = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.22"));
        assertThat(old.body().path("config").get("agent_token").isNull()).isTrue();

        var first = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC + ",00:11:22:33:44:55&node_uuid="
                + node, "1.68"));
        String token = first.body().path("config").path("agent_token").asText();
        assertThat(token).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(first.body().path("config").path("agent_token_required").asBoolean()).isTrue();
        assertThat(first.body().path("config").path("heartbeat_timeout").asInt()).isEqualTo(300);
        assertThat(first.body().path("node").path("uuid").asText()).isEqualTo(node.toString());
        assertThat(first.body().path("node").path("instance_info").path("image_source").asText())
                .isEqualTo("http://127.0.0.1:1/disk.raw");
        assertThat(first.body().path("node").path("links").get(0).path("rel").asText()).isEqualTo("self");

        var second = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"));
        assertThat(second.body().path("config").path("agent_token").asText()).isEqualTo("******");
        assertThat(second.body().path("node").path("driver_internal_info").path("agent_secret_token").asText())
                .isEqualTo("******");
    }

    @Test
    void aLookupOfANodeAnotherTaskHoldsIssuesNoTokenUntilTheLockIsGone() {
        toWaitCallBack();
        var lock = conductor.store.locks().acquire(node, "someone-else");
        var held = conductor.expect(409, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"));
        assertThat(conductor.fault(held)).contains("someone-else");
        assertThat(conductor.store.nodes().get(node).internal().agentToken()).isEmpty();

        conductor.store.locks().release(lock);
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        assertThat(token).hasSize(43);
        assertThat(conductor.store.nodes().get(node).internal().agentToken().orElseThrow().value()).isEqualTo(token);
        assertThat(conductor.store.locks().holder(node)).as("the lookup leaves no lock behind").isEmpty();
    }

    @Test
    void lookupRefusesMissingAndUnknownAddresses() {
        toWaitCallBack();
        assertThat(conductor.fault(conductor.expect(400, conductor.get("/v1/lookup?addresses=zz", "1.68"))))
                .isEqualTo("At least one of 'addresses' and 'node_uuid' parameters is required");
        conductor.expect(404, conductor.get("/v1/lookup?addresses=00:00:00:00:00:01", "1.68"));
    }

    @Test
    void heartbeatChecksTokenAndVersionWithIronicsMessages() {
        toWaitCallBack();
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        String path = "/v1/heartbeat/" + node;
        assertThat(conductor.fault(conductor.expect(400, conductor.post(path,
                "{\"callback_url\":\"http://127.0.0.1:9999\",\"agent_version\":\"9.4.3\"}", "1.68"))))
                .isEqualTo("Agent token is required for heartbeat processing.");
        assertThat(conductor.fault(conductor.expect(400, conductor.post(path,
                "{\"callback_url\":\"http://127.0.0.1:9999\",\"agent_version\":\"9.4.3\",\"agent_token\":\"wrong\"}",
                "1.68")))).isEqualTo("Invalid or missing agent token received.");
        assertThat(conductor.fault(conductor.expect(400, conductor.post(path,
                "{\"callback_url\":\"http://127.0.0.1:9999\",\"agent_token\":\"" + token + "\",\"agent_status\":\"start\"}",
                "1.68")))).isEqualTo("Fields \"agent_status\" and \"agent_status_message\" not recognised.");
        assertThat(conductor.fault(conductor.expect(400, conductor.post(path,
                "{\"callback_url\":\"http://127.0.0.1:9998\",\"agent_token\":\"" + token + "\"}", "1.68"))))
                .isEqualTo("Agent did not transmit a version, and a version is required. Please update the agent"
                        + " being used.");

        // Nothing listens on port 1: the accepted heartbeat fails the deploy the way Ironic's does.
        var accepted = conductor.expect(202, conductor.post(path, "{\"callback_url\":\"http://127.0.0.1:1\","
                + "\"agent_version\":\"9.4.3\",\"agent_token\":\"" + token + "\"}", "1.68"));
        assertThat(accepted.raw()).isEmpty();
        var failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error)
                .startsWith("Failed to load in-band deploy steps: Connection to agent failed"));
        assertThat(failed.internal().agentVersion()).contains("9.4.3");
        assertThat(failed.internal().agentLastHeartbeat()).isPresent();
    }

    @Test
    void legacyLookupWorksAndTheLegacyHeartbeatNeedsTheToken() {
        toWaitCallBack();
        var lookup = conductor.expect(200, conductor.post("/v1/drivers/agent_ipmitool/vendor_passthru/lookup",
                "{\"version\":2,\"inventory\":{\"interfaces\":[{\"name\":\"eth0\",\"mac_address\":\"" + MAC.toUpperCase()
                        + "\"}]}}", "1.1"));
        assertThat(lookup.body().path("heartbeat_timeout").asInt()).isEqualTo(300);
        assertThat(lookup.body().path("node").path("uuid").asText()).isEqualTo(node.toString());
        String legacy = "/v1/nodes/" + node + "/vendor_passthru/heartbeat";

        // No token issued yet: an untokened heartbeat could come from anybody on the network.
        var refused = conductor.expect(400, conductor.post(legacy, "{\"agent_url\":\"http://127.0.0.1:1\"}", "1.1"));
        assertThat(conductor.fault(refused)).isEqualTo("Invalid or missing agent token received.");
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        conductor.expect(400, conductor.post(legacy, "{\"agent_url\":\"http://127.0.0.1:1\",\"agent_token\":\"x"
                + token + "\"}", "1.1"));
        FlowFixture.sleep(300);
        assertThat(conductor.store.nodes().get(node).internal().agentUrl()).isEmpty();
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.DEPLOY_WAIT);

        conductor.expect(202, conductor.post(legacy + "?agent_token=" + token,
                "{\"agent_url\":\"http://127.0.0.1:1\"}", "1.1"));
        var handled = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(handled.internal().agentUrl()).hasValueSatisfying(url -> assertThat(url.toString())
                .isEqualTo("http://127.0.0.1:1"));
    }

    @Test
    void anAutoTlsAgentsCertificateIsRecordedAndMayNotChange() throws Exception {
        toWaitCallBack();
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        String path = "/v1/heartbeat/" + node;
        // Not a certificate: refused before anything is recorded.
        var bad = conductor.expect(400, conductor.post(path, json.writeValueAsString(java.util.Map.of(
                "callback_url", "https://127.0.0.1:1", "agent_version", "9.4.3", "agent_token", token,
                "agent_verify_ca", "not a certificate")), "1.68"));
        assertThat(conductor.fault(bad)).contains("agent_verify_ca");
        // The wire sample's IPA certificate (IP:127.0.0.1) is taken and pinned; nothing listens, so the deploy fails.
        conductor.expect(202, conductor.post(path, json.writeValueAsString(java.util.Map.of(
                "callback_url", "https://127.0.0.1:1", "agent_version", "9.4.3", "agent_token", token,
                "agent_verify_ca", AgentCertificates.AUTO_TLS_AGENT)), "1.68"));
        var failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(failed.internal().agentVerifyCa()).hasValueSatisfying(pem -> assertThat(pem.strip())
                .isEqualTo(AgentCertificates.AUTO_TLS_AGENT.strip()));
        assertThat(failed.driverInternalInfo().toObjectNode().path("agent_verify_ca").asText().strip())
                .isEqualTo(AgentCertificates.AUTO_TLS_AGENT.strip());

        var changed = conductor.expect(400, conductor.post(path, json.writeValueAsString(java.util.Map.of(
                "callback_url", "https://127.0.0.1:1", "agent_version", "9.4.3", "agent_token", token,
                "agent_verify_ca", AgentCertificates.OTHER_AGENT)), "1.68"));
        assertThat(conductor.fault(changed)).isEqualTo("Detected change in ramdisk provided \"agent_verify_ca\"");
    }

    @Test
    void aSourceThatKeepsGuessingIsHeldBackEvenFromNodesThatExist() {
        toWaitCallBack();
        for (int i = 0; i < 30; i++) {
            conductor.expect(404, conductor.get("/v1/lookup?addresses=52:54:00:ff:ff:" + String.format("%02x", i), "1.68"));
        }
        var held = conductor.expect(429, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"));
        assertThat(conductor.fault(held)).contains("Too many lookups").contains("127.0.0.1");
        assertThat(conductor.store.nodes().get(node).internal().agentToken()).as("no token handed out").isEmpty();
        conductor.expect(429, conductor.post("/v1/drivers/agent_ipmitool/vendor_passthru/lookup",
                "{\"version\":2,\"inventory\":{\"interfaces\":[{\"mac_address\":\"" + MAC + "\"}]}}", "1.1"));
        // After a second the source may try once more, and a hit costs nothing.
        FlowFixture.sleep(1100);
        conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"));
    }

    @Test
    void aNodeHoldingNoTokenAcceptsNoHeartbeatOnAnyRoute() {
        // An available node has no agent and no token: neither heartbeat route may record a callback for it.
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.expect(400, conductor.post("/v1/nodes/" + node + "/vendor_passthru/heartbeat",
                "{\"agent_url\":\"http://127.0.0.1:1\"}", "1.1"));
        conductor.expect(400, conductor.post("/v1/nodes/" + node + "/vendor_passthru/heartbeat",
                "{\"agent_url\":\"http://127.0.0.1:1\",\"agent_token\":\"guess\"}", "1.1"));
        conductor.expect(400, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"http://127.0.0.1:1\","
                + "\"agent_version\":\"9.4.3\",\"agent_token\":\"guess\"}", "1.68"));
        FlowFixture.sleep(300);
        var after = conductor.store.nodes().get(node);
        assertThat(after.internal().agentUrl()).isEmpty();
        assertThat(after.internal().agentLastHeartbeat()).isEmpty();
        assertThat(after.provisionState()).isEqualTo(ProvisionState.AVAILABLE);
    }

    @Test
    void aHeartbeatForALockedNodeIsRetriedNotDropped() {
        toWaitCallBack();
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        var lock = conductor.store.locks().acquire(node, "someone-else");
        conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"http://127.0.0.1:1\","
                + "\"agent_version\":\"9.4.3\",\"agent_token\":\"" + token + "\"}", "1.68"));
        FlowFixture.sleep(700);
        assertThat(conductor.store.nodes().get(node).internal().agentLastHeartbeat()).isEmpty();

        conductor.store.locks().release(lock);

        var handled = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(handled.internal().agentUrl()).hasValueSatisfying(url -> assertThat(url.toString())
                .isEqualTo("http://127.0.0.1:1"));
    }
}
