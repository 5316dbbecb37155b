package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.periodic.Sweeper;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The node attributes the real flows act on: a failed clean step leaves the node in maintenance with the
 * {@code clean failure} fault (filterable, cleared by leaving maintenance), a retired node cleaned after
 * undeploy lands in manageable, and a protected one cannot be undeployed.
 */
class NodeFaultFlowTest {
    private static final String MAC = "02:fc:00:00:00:07";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID manageableNode(FlowConfig config) {
        conductor = flow.start(config);
        UUID node = conductor.createNode("node-7", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    private void patch(UUID node, String ops) {
        conductor.expect(200, conductor.send("PATCH", "/v1/nodes/" + node, Optional.of(ops), Optional.of("latest")));
    }

    @Test
    void aFailedCleanStepPutsTheNodeIntoMaintenanceWithTheCleanFailureFault() {
        UUID node = manageableNode(FlowConfig.defaults());
        agent.failCleanSteps("Disk /dev/sda could not be erased");
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        Instant until = Instant.now().plusSeconds(20);
        while (conductor.store.nodes().get(node).provisionState() != ProvisionState.CLEAN_FAILED
                && Instant.now().isBefore(until)) {
            conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url() + "\",\"agent_token\":\""
                    + token + "\",\"agent_version\":\"9.4.3\"}", "1.68");
            FlowFixture.sleep(150);
        }
        Node failed = conductor.await(node, ProvisionState.CLEAN_FAILED);
        assertThat(failed.maintenance()).isTrue();
        assertThat(failed.attributes().fault()).contains(Fault.CLEAN_FAILURE);
        assertThat(failed.maintenanceReason()).hasValueSatisfying(r -> assertThat(r).contains("could not be erased"));

        var shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "1.42")).body();
        assertThat(shown.get("fault").asText()).isEqualTo("clean failure");
        var listed = conductor.expect(200, conductor.get("/v1/nodes?fault=clean%20failure", "1.42")).body();
        assertThat(listed.get("nodes")).hasSize(1);
        assertThat(conductor.expect(200, conductor.get("/v1/nodes?fault=power%20failure", "1.42")).body()
                .get("nodes")).isEmpty();

        conductor.expect(202, conductor.send("DELETE", "/v1/nodes/" + node + "/maintenance", Optional.empty(),
                Optional.of("latest")));
        Node cleared = conductor.store.nodes().get(node);
        assertThat(cleared.maintenance()).isFalse();
        assertThat(cleared.attributes().fault()).isEmpty();
    }

    @Test
    void aCleanStepThatNeverReportsBackTimesOutWithTheFaultButAWaitBeforeAnyStepDoesNot() {
        FlowConfig config = FlowConfig.defaults();
        UUID node = manageableNode(config);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        // One heartbeat starts the first clean step; the agent is then never heard from again.
        conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"9.4.3\"}", "1.68"));
        Instant until = Instant.now().plusSeconds(20);
        while (!(agent.receivedNames().contains("clean.execute_clean_step")
                && conductor.store.nodes().get(node).provisionState() == ProvisionState.CLEAN_WAIT
                && conductor.store.nodes().get(node).reservation().isEmpty()) && Instant.now().isBefore(until)) {
            FlowFixture.sleep(50);
        }
        Sweeper sweeper = new Sweeper(conductor.store, FlowFixture.CONDUCTOR, conductor.clock, config);
        conductor.clock.advance(config.cleanWaitTimeout().plusMinutes(1));
        assertThat(sweeper.sweepOnce()).containsExactly(node);
        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.CLEAN_FAILED);
        assertThat(failed.maintenance()).isTrue();
        assertThat(failed.attributes().fault()).contains(Fault.CLEAN_FAILURE);

        // Manual cleaning that times out before the ramdisk came up ran no step: no maintenance, no fault.
        conductor.expect(202, conductor.send("DELETE", "/v1/nodes/" + node + "/maintenance", Optional.empty(),
                Optional.of("latest")));
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_express\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.clock.advance(config.cleanWaitTimeout().plusMinutes(1));
        assertThat(sweeper.sweepOnce()).containsExactly(node);
        Node timedOut = conductor.store.nodes().get(node);
        assertThat(timedOut.provisionState()).isEqualTo(ProvisionState.CLEAN_FAILED);
        assertThat(timedOut.maintenance()).isFalse();
        assertThat(timedOut.attributes().fault()).isEmpty();
    }

    @Test
    void aRetiredNodeIsProtectedThenUndeployedIntoManageable() {
        UUID node = manageableNode(FlowConfig.defaults().withAutomatedClean(false));
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        patch(node, "[{\"op\":\"replace\",\"path\":\"/protected\",\"value\":true}]");
        conductor.expect(403, conductor.send("PUT", "/v1/nodes/" + node + "/states/provision",
                Optional.of("{\"target\":\"deleted\"}"), Optional.of("latest")));
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.ACTIVE);

        patch(node, "[{\"op\":\"replace\",\"path\":\"/protected\",\"value\":false},"
                + "{\"op\":\"replace\",\"path\":\"/retired\",\"value\":true}]");
        conductor.provision(node, "deleted");
        Node after = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(after.attributes().retired()).isTrue();
        assertThat(after.instanceUuid()).isEmpty();
    }
}
