package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.bios.BiosInterface;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The bios slot's out-of-band steps ({@code bios.apply_configuration}, {@code bios.factory_reset}) run by the
 * conductor in manual cleaning (alone, without a ramdisk; or between the agent's steps) and as deploy steps,
 * the cache {@code /v1/nodes/<id>/bios} lists refreshed after each; a bad argument fails naming the step.
 */
class BiosStepsFlowTest {
    private static final String MAC = "02:fc:00:00:00:41";
    private static final String DIRECT = ",\"deploy_interface\":\"direct\",\"instance_info\":{"
            + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\",\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\","
            + "\"image_disk_format\":\"raw\"}";
    private static final String APPLY = "{\"interface\":\"bios\",\"step\":\"apply_configuration\",\"args\":{\"settings\":"
            + "[{\"name\":\"ProcVirtualization\",\"value\":\"Enabled\"},{\"name\":\"BootMode\",\"value\":\"Uefi\"}]}";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID manageable(String fields) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-1", MAC, fields);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    private List<String> cached(UUID node) {
        JsonNode listed = conductor.expect(200, conductor.get("/v1/nodes/" + node + "/bios", "latest")).body();
        List<String> out = new ArrayList<>();
        listed.path("bios").forEach(s -> out.add(s.path("name").asText() + "=" + s.path("value").asText()));
        return out;
    }

    @Test
    void manualCleaningWithOnlyBiosStepsRunsThemInTheConductorAndCachesTheSettings() {
        UUID node = manageable("");
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[" + APPLY + "}]}");
        Node done = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(done.lastError()).isEmpty();
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");

        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"bios\","
                + "\"step\":\"factory_reset\"}]}");
        conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(cached(node)).isEmpty();
    }

    @Test
    void aMalformedSettingFailsCleaningNamingTheStepAndTheSetting() {
        UUID node = manageable("");
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"bios\","
                + "\"step\":\"apply_configuration\",\"args\":{\"settings\":[{\"name\":\"BootMode\"}]}}]}");
        Node failed = conductor.await(node, ProvisionState.CLEAN_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("bios.apply_configuration")
                .contains("BootMode").contains("run the step again");
        assertThat(cached(node)).isEmpty();
    }

    @Test
    void biosStepsRunBetweenTheAgentsCleanStepsInTheirOrder() {
        UUID node = manageable(DIRECT);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[" + APPLY + "},{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_express\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_express");
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");
    }

    @Test
    void aBiosDeployStepRunsInTheConductorWhereItsPriorityPutsIt() {
        UUID node = manageable(DIRECT);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":[" + APPLY + ",\"priority\":90}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(deployed.lastError()).isEmpty();
        // The conductor ran it: the agent only wrote the image.
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).containsExactly("write_image");
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");
    }

    /** A BIOS whose settings, like real firmware's, take effect only when the machine restarts. */
    private static final class ResetAppliedBios implements BiosInterface {
        private final java.util.Map<String, String> current = new java.util.concurrent.ConcurrentHashMap<>();
        private final java.util.Map<String, String> pending = new java.util.concurrent.ConcurrentHashMap<>();
        volatile boolean dropPending;

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public Validation validate(Node node) {
            return Validation.ok();
        }

        @Override
        public boolean appliesAtReset() {
            return true;
        }

        @Override
        public List<Reading> read(Node node, StepServices services) {
            // A reset happened when the flow asks for the settings back.
            if (!dropPending) {
                current.putAll(pending);
            }
            pending.clear();
            return current.entrySet().stream().map(e -> new Reading(e.getKey(), java.util.Optional.of(e.getValue()),
                    BiosSetting.Registry.unknown())).toList();
        }

        @Override
        public void verifyApplied(Node node, java.util.Map<String, String> settings, StepServices services) {
            read(node, services);
            settings.forEach((name, value) -> {
                if (!value.equals(current.get(name))) {
                    throw new dev.ferrum.conductor.driver.DriverException("setting " + name + " did not take effect");
                }
            });
        }

        @Override
        public void applyConfiguration(Node node, java.util.Map<String, String> settings, StepServices services) {
            pending.putAll(settings);
        }

        @Override
        public void factoryReset(Node node, StepServices services) {
            current.clear();
        }
    }

    @Test
    void aBiosStepThatNeedsAResetRebootsIntoTheRamdiskAndIsCompletedWhenTheAgentIsBack() {
        ResetAppliedBios bios = new ResetAppliedBios();
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults().withAutomatedClean(false),
                dev.ferrum.conductor.ramdisk.RamdiskConfig.defaults(), bios));
        UUID node = conductor.createNode("node-1", MAC, DIRECT);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[" + APPLY + "},{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_express\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        Node rebooting = heartbeatUntilRebooting(node);
        assertThat(rebooting.provisionState()).isEqualTo(ProvisionState.CLEAN_WAIT);
        assertThat(conductor.power.calls()).contains(node + " reboot");
        assertThat(cached(node)).isEmpty();

        agent.restart();
        conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_express");
        assertThat(cached(node)).containsExactly("BootMode=Uefi", "ProcVirtualization=Enabled");
    }

    @Test
    void settingsThatDoNotTakeEffectAtTheResetFailCleaningNamingThem() {
        ResetAppliedBios bios = new ResetAppliedBios();
        bios.dropPending = true;
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults().withAutomatedClean(false),
                dev.ferrum.conductor.ramdisk.RamdiskConfig.defaults(), bios));
        UUID node = conductor.createNode("node-1", MAC, "");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[" + APPLY + "}]}");
        Node failed = conductor.await(node, ProvisionState.CLEAN_FAILED);
        // No ramdisk was needed: the conductor rebooted the node itself, then checked.
        assertThat(conductor.power.calls()).contains(node + " reboot");
        assertThat(failed.lastError().orElseThrow()).contains("bios.apply_configuration")
                .contains("ProcVirtualization did not take effect");
    }

    @Test
    void aFirmwareUpdateRecordsTheComponentsVersionsPerNode() {
        UUID node = manageable("");
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"firmware\","
                + "\"step\":\"update\",\"args\":{\"settings\":[{\"component\":\"bmc\",\"url\":"
                + "\"http://images.example/bmc/2.1.0\"}]}}]}");
        conductor.await(node, ProvisionState.MANAGEABLE);
        var bmc = conductor.store.firmware().find(node, "bmc").orElseThrow();
        assertThat(bmc.currentVersion()).isEqualTo("2.1.0");
        assertThat(bmc.lastVersionFlashed()).contains("2.1.0");

        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"firmware\","
                + "\"step\":\"update\",\"args\":{\"settings\":[{\"url\":\"http://images.example/x\"}]}}]}");
        Node failed = conductor.await(node, ProvisionState.CLEAN_FAILED);
        assertThat(failed.lastError().orElseThrow()).contains("firmware.update").contains("\"component\"");
    }

    @Test
    void aBiosDeployStepWithAnUnexpectedArgumentIsRefusedBeforeTheNodeChanges() {
        UUID node = manageable(DIRECT);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        var reply = conductor.send("PUT", "/v1/nodes/" + node + "/states/provision", java.util.Optional.of(
                "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"bios\",\"step\":\"factory_reset\","
                        + "\"args\":{\"force\":true},\"priority\":90}]}"), java.util.Optional.of("latest"));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.raw()).contains("factory_reset").contains("unexpected arguments: force");
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.AVAILABLE);
    }

    /** Plays the first ramdisk until the conductor reboots the node after a step. */
    private Node heartbeatUntilRebooting(UUID node) {
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(20);
        while (java.time.Instant.now().isBefore(deadline)) {
            Node current = conductor.store.nodes().get(node);
            if (current.internal().stepReboot().isPresent()) {
                // No more heartbeats from this ramdisk: the next one would be taken as the new ramdisk's.
                return conductor.await(node, current.provisionState());
            }
            conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url() + "\",\"agent_token\":\""
                    + token + "\",\"agent_version\":\"9.4.3\"}", "1.68");
            FlowFixture.sleep(150);
        }
        throw new AssertionError("node=" + node + " never rebooted: " + conductor.store.nodes().get(node));
    }
}
