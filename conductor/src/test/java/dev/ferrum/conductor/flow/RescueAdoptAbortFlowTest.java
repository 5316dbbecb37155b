package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.periodic.Sweeper;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.apache.commons.codec.digest.Sha2Crypt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Rescue, unrescue, adopt and abort over real HTTP: conductor API + ramdisk endpoints + a fake IPA. */
class RescueAdoptAbortFlowTest {
    private static final String MAC = "02:fc:00:00:07:01";
    private static final String PASSWORD = "correct horse battery";
    private static final String AGENT_NODE = ",\"rescue_interface\":\"agent\",\"driver_info\":{"
            + "\"deploy_kernel\":\"http://127.0.0.1/ipa.kernel\",\"deploy_ramdisk\":\"http://127.0.0.1/ipa.initramfs\"}";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    /** A fake-deployed active node with {@code fields}. */
    private UUID activeNode(String fields) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("rescuable", MAC, fields);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.ACTIVE);
        return node;
    }

    private void rescue(UUID node) {
        conductor.provisionWith(node, "{\"target\":\"rescue\",\"rescue_password\":\"" + PASSWORD + "\"}");
    }

    private FlowFixture.Reply put(UUID node, String body, String version) {
        return conductor.send("PUT", "/v1/nodes/" + node + "/states/provision", Optional.of(body), Optional.of(version));
    }

    @Test
    void agentRescueSendsOnlyTheHashLandsInRescueAndUnrescueBootsTheInstance() {
        UUID node = activeNode(AGENT_NODE);
        rescue(node);
        Node waiting = conductor.await(node, ProvisionState.RESCUE_WAIT);
        assertThat(conductor.boot.calls()).contains(node + " ramdisk RESCUE");
        String stored = waiting.instanceInfo().string("hashed_rescue_password").orElseThrow();
        assertThat(stored).startsWith("$5$").doesNotContain(PASSWORD);
        assertThat(waiting.instanceInfo().string("rescue_password")).isEmpty();
        JsonNode shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body();
        assertThat(shown.path("instance_info").path("hashed_rescue_password").asText()).isEqualTo("******");
        assertThat(shown.toString()).doesNotContain(PASSWORD).doesNotContain(stored);

        Node rescued = conductor.runAgent(agent, MAC, node, ProvisionState.RESCUE);

        JsonNode finalize = agent.received().stream()
                .filter(c -> c.path("name").asText().equals("rescue.finalize_rescue")).findFirst().orElseThrow();
        String sent = finalize.path("params").path("rescue_password").asText();
        assertThat(finalize.path("params").path("hashed").asBoolean()).isTrue();
        assertThat(sent).isEqualTo(stored);
        assertThat(Sha2Crypt.sha256Crypt(PASSWORD.getBytes(StandardCharsets.UTF_8), sent)).isEqualTo(sent);
        assertThat(agent.received().toString()).doesNotContain(PASSWORD);
        assertThat(rescued.instanceInfo().get("hashed_rescue_password")).isEmpty();
        assertThat(rescued.lastError()).isEmpty();
        assertThat(rescued.targetProvisionState()).isEmpty();
        assertThat(conductor.boot.calls()).contains(node + " clean-up");
        assertThat(conductor.store.history().list(node).stream().map(e -> e.toState().wireName()))
                .containsSubsequence("rescuing", "rescue wait", "rescuing", "rescue");

        conductor.provision(node, "unrescue");
        Node back = conductor.await(node, ProvisionState.ACTIVE);
        assertThat(back.powerState()).contains(PowerState.POWER_ON);
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " instance");
        assertThat(conductor.management.bootDevice(back).device().map(d -> d.wireName())).contains("disk");
    }

    @Test
    void aRescueTheAgentRefusesFailsPowersOffAndForgetsThePassword() {
        UUID node = activeNode(AGENT_NODE);
        agent.failFinalizeRescue("this agent does not run from a ramdisk");
        rescue(node);
        conductor.await(node, ProvisionState.RESCUE_WAIT);
        try {
            conductor.runAgent(agent, MAC, node, ProvisionState.RESCUE);
        } catch (AssertionError expected) {
            // runAgent reports the failure; the node's state says the rest.
        }
        Node failed = conductor.await(node, ProvisionState.RESCUE_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("rescue.finalize_rescue")
                .contains("this agent does not run from a ramdisk").contains("rescue again");
        assertThat(failed.powerState()).contains(PowerState.POWER_OFF);
        assertThat(failed.instanceInfo().get("hashed_rescue_password")).isEmpty();
        // From rescue failed the instance can be booted again.
        conductor.provision(node, "unrescue");
        conductor.await(node, ProvisionState.ACTIVE);
    }

    @Test
    void aRescueWaitThatTimesOutFailsAndForgetsThePassword() {
        UUID node = activeNode(AGENT_NODE);
        rescue(node);
        conductor.await(node, ProvisionState.RESCUE_WAIT);
        conductor.clock.advance(Duration.ofMinutes(31));
        new Sweeper(conductor.store, FlowFixture.CONDUCTOR, conductor.clock, FlowConfig.defaults()).sweepOnce();
        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.RESCUE_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("rescue wait").contains("Timeout");
        assertThat(failed.instanceInfo().get("hashed_rescue_password")).isEmpty();
    }

    @Test
    void abortingARescueWaitGivesTheNodeBackWithoutThePassword() {
        UUID node = activeNode(AGENT_NODE);
        rescue(node);
        conductor.await(node, ProvisionState.RESCUE_WAIT);
        conductor.provision(node, "abort");
        conductor.await(node, ProvisionState.RESCUE_FAILED);
        Node aborted = awaitLastError(node);
        assertThat(aborted.lastError().orElseThrow()).startsWith("By request, the rescue operation was aborted.");
        assertThat(aborted.instanceInfo().get("hashed_rescue_password")).isEmpty();
        assertThat(aborted.internal().agentUrl()).isEmpty();
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " clean-up");
    }

    @Test
    void fakeRescueAndUnrescueCompleteAtOnce() {
        UUID node = activeNode(",\"rescue_interface\":\"fake\"");
        rescue(node);
        Node rescued = conductor.await(node, ProvisionState.RESCUE);
        assertThat(rescued.instanceInfo().get("hashed_rescue_password")).isEmpty();
        conductor.provision(node, "unrescue");
        conductor.await(node, ProvisionState.ACTIVE);
    }

    @Test
    void rescueIsRefusedWithIronicsWordsAndNothingChanges() {
        UUID node = activeNode(",\"rescue_interface\":\"no-rescue\"");
        FlowFixture.Reply refused = put(node, "{\"target\":\"rescue\",\"rescue_password\":\"x\"}", "latest");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(conductor.fault(refused)).isEqualTo("Failed to rescue instance None for node " + node
                + ": Validation failed: Driver fake-hardware does not support rescue (disabled or not implemented).");
        Node unchanged = conductor.store.nodes().get(node);
        assertThat(unchanged.provisionState()).isEqualTo(ProvisionState.ACTIVE);
        assertThat(unchanged.instanceInfo().get("hashed_rescue_password")).isEmpty();

        FlowFixture.Reply noPassword = put(node, "{\"target\":\"rescue\"}", "latest");
        assertThat(noPassword.status()).isEqualTo(400);
        assertThat(conductor.fault(noPassword)).contains("\"rescue_password\" is required");
        FlowFixture.Reply misplaced = put(node, "{\"target\":\"deleted\",\"rescue_password\":\"x\"}", "latest");
        assertThat(misplaced.status()).isEqualTo(400);
        assertThat(conductor.fault(misplaced)).isEqualTo("\"rescue_password\" is only valid when setting target"
                + " provision state to rescue.");
        assertThat(put(node, "{\"target\":\"rescue\",\"rescue_password\":\"x\"}", "1.37").status()).isEqualTo(400);
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.ACTIVE);
    }

    @Test
    void rescueInMaintenanceIsRefused() {
        UUID node = activeNode(",\"rescue_interface\":\"fake\"");
        conductor.expect(202, conductor.send("PUT", "/v1/nodes/" + node + "/maintenance", Optional.of("{}"),
                Optional.of("latest")));
        FlowFixture.Reply refused = put(node, "{\"target\":\"rescue\",\"rescue_password\":\"x\"}", "latest");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(conductor.fault(refused)).contains("rescuing operation can't be performed").contains("maintenance");
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.ACTIVE);
    }

    @Test
    void adoptionValidatesAndPreparesTheInstanceBoot() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("adoptee", MAC, "");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "adopt");
        Node adopted = conductor.await(node, ProvisionState.ACTIVE);
        assertThat(adopted.lastError()).isEmpty();
        assertThat(conductor.boot.calls()).containsExactly(node + " instance");
        assertThat(conductor.power.calls().stream().filter(c -> c.startsWith(node.toString())))
                .as("adoption leaves the machine's power alone").isEmpty();
    }

    @Test
    void adoptionWithAnInvalidBootInterfaceFailsNamingIt() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("adoptee", MAC, ",\"boot_interface\":\"noop\"");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "adopt");
        Node failed = conductor.await(node, ProvisionState.ADOPT_FAILED);
        assertThat(failed.lastError().orElseThrow()).startsWith("Error while attempting to adopt node " + node + ": ")
                .contains("boot_interface noop failed validation").contains("then adopt again");
        assertThat(failed.powerState()).isEmpty();
        assertThat(conductor.boot.calls()).isEmpty();
        // Fixed from manageable (where interfaces may change), it adopts.
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.expect(200, conductor.send("PATCH", "/v1/nodes/" + node, Optional.of(
                "[{\"op\":\"replace\",\"path\":\"/boot_interface\",\"value\":\"fake\"}]"), Optional.of("latest")));
        conductor.provision(node, "adopt");
        assertThat(conductor.await(node, ProvisionState.ACTIVE).lastError()).isEmpty();
    }

    @Test
    void abortIsRefusedWhereIronicRefusesIt() {
        UUID node = activeNode("");
        FlowFixture.Reply refused = put(node, "{\"target\":\"abort\"}", "latest");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(conductor.fault(refused)).contains("\"abort\" can not be performed").contains("\"active\"");
    }

    private Node awaitLastError(UUID node) {
        for (int i = 0; i < 100 && conductor.store.nodes().get(node).lastError().isEmpty(); i++) {
            FlowFixture.sleep(50);
        }
        return conductor.store.nodes().get(node);
    }

    private Node awaitPower(UUID node, PowerState power) {
        for (int i = 0; i < 100 && !conductor.store.nodes().get(node).powerState().equals(Optional.of(power)); i++) {
            FlowFixture.sleep(50);
        }
        return conductor.store.nodes().get(node);
    }

    @Test
    void abortingAnInspectWaitNeedsApi141AndSaysInspectionWasAborted() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("inspectee", MAC, ",\"inspect_interface\":\"agent\",\"driver_info\":{"
                + "\"deploy_kernel\":\"k\",\"deploy_ramdisk\":\"r\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "inspect");
        conductor.await(node, ProvisionState.INSPECT_WAIT);
        assertThat(put(node, "{\"target\":\"abort\"}", "1.40").status()).isEqualTo(406);
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.INSPECT_WAIT);
        conductor.expect(202, put(node, "{\"target\":\"abort\"}", "1.41"));
        Node aborted = conductor.await(node, ProvisionState.INSPECT_FAILED);
        assertThat(aborted.lastError().orElseThrow()).startsWith("Inspection was aborted by request.");
        assertThat(awaitPower(node, PowerState.POWER_OFF).powerState()).contains(PowerState.POWER_OFF);
    }

    @Test
    void abortingACleanWaitSaysWhatWasAbortedAndWhatToDo() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("cleanee", MAC, "");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.expect(200, conductor.send("PATCH", "/v1/nodes/" + node, Optional.of("[{\"op\":\"replace\","
                + "\"path\":\"/deploy_interface\",\"value\":\"direct\"}]"), Optional.of("latest")));
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.provision(node, "abort");
        Node aborted = conductor.await(node, ProvisionState.CLEAN_FAILED);
        assertThat(aborted.lastError().orElseThrow()).startsWith("By request, the clean operation was aborted")
                .contains("baremetal node manage");
    }

    @Test
    void aDeployWaitAbortsAsIronic1110DoesButTheApiBelowItRefusesWith406() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("deployee", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":{"
                + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\",\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        Node waiting = conductor.await(node, ProvisionState.DEPLOY_WAIT);
        FlowFixture.Reply refused = put(node, "{\"target\":\"abort\"}", "latest");
        assertThat(refused.status()).isEqualTo(406);
        assertThat(conductor.fault(refused)).contains("1.110");

        conductor.flows.provision(waiting, dev.ferrum.conductor.api.actions.ProvisionRequest.of(
                dev.ferrum.conductor.state.ProvisionEvent.ABORT));
        Node aborted = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(aborted.lastError().orElseThrow()).startsWith("By request, the deploy operation was aborted");
        assertThat(awaitPower(node, PowerState.POWER_OFF).powerState()).contains(PowerState.POWER_OFF);
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " clean-up");
    }
}
