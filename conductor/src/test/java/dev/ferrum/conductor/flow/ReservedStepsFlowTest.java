package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ironic's reserved steps besides {@code hold} ({@code wait}, {@code power_on}, {@code power_off}, {@code reboot})
 * in cleaning, servicing and deploying, end to end over real HTTP with a fake IPA: power steps go through the power
 * interface and land in the timeline as power actions, {@code wait} pauses for its seconds or until the next
 * heartbeat, and malformed arguments are refused with 400 before anything changes.
 */
class ReservedStepsFlowTest {
    private static final String MAC = "02:fc:00:00:00:41";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID manageableNode() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("reserved", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    private UUID availableNode() {
        UUID node = manageableNode();
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        return node;
    }

    private FlowFixture.Reply provision(UUID node, String body) {
        return conductor.send("PUT", "/v1/nodes/" + node + "/states/provision", Optional.of(body),
                Optional.of("1.87"));
    }

    private List<String> powerCallsSince(UUID node, int from) {
        List<String> calls = conductor.power.calls();
        return calls.subList(from, calls.size()).stream().filter(c -> c.startsWith(node.toString()))
                .map(c -> c.substring(node.toString().length() + 1)).toList();
    }

    private List<NodeEvent> timeline(UUID node, String kind) {
        return conductor.store.history().list(node).stream().filter(e -> e.kind().equals(kind)).toList();
    }

    /** Heartbeats as the running agent until a reserved step has the node rebooting into a fresh ramdisk. */
    private Node heartbeatUntilRebooting(UUID node, String token) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node current = conductor.store.nodes().get(node);
            if (current.reservation().isEmpty() && current.internal().stepReboot().isPresent()) {
                return current;
            }
            assertThat(current.provisionState().isFailed()).as(current.lastError().orElse("")).isFalse();
            // A refusal can only be the reboot having just wiped the token, which the next round sees.
            FlowFixture.Reply beat = conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                    + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"9.4.3\"}", "1.68");
            // One heartbeat at a time: one accepted while the last is still carried out would be taken, after the
            // reboot, for the new agent's.
            for (int i = 0; beat.status() == 202 && i < 100; i++) {
                Node now = conductor.store.nodes().get(node);
                if (now.version() > current.version() && now.reservation().isEmpty()) {
                    break;
                }
                FlowFixture.sleep(50);
            }
            FlowFixture.sleep(50);
        }
        throw new AssertionError("node " + node + " did not reboot into the ramdisk");
    }

    @Test
    void powerAndWaitCleanStepsRunInTheConductorWithoutARamdisk() {
        UUID node = manageableNode();
        int before = conductor.power.calls().size();
        Instant started = Instant.now();
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":["
                + "{\"interface\":\"power\",\"step\":\"power_off\"},"
                + "{\"interface\":\"deploy\",\"step\":\"wait\",\"args\":{\"seconds\":1}},"
                + "{\"interface\":\"power\",\"step\":\"power_on\"},"
                + "{\"interface\":\"deploy\",\"step\":\"wait\"}]}");
        Node done = conductor.await(node, ProvisionState.MANAGEABLE);

        assertThat(Duration.between(started, Instant.now())).as("the wait step paused its second")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(done.lastError()).isEmpty();
        // Only reserved steps were asked for: no ramdisk boots, as in Ironic; cleaning ends powered off.
        assertThat(conductor.boot.calls()).noneMatch(call -> call.contains("ramdisk"));
        assertThat(powerCallsSince(node, before)).containsExactly("off", "on", "off");
        assertThat(timeline(node, "power.action")).extracting(NodeEvent::message).containsExactly(
                "Power action 'power_off' by clean step power.power_off done; the node is power off",
                "Power action 'power_on' by clean step power.power_on done; the node is power on");
        assertThat(timeline(node, "power.action").get(0).details().path("step").asText()).isEqualTo("power.power_off");
        assertThat(timeline(node, "step.wait")).extracting(NodeEvent::message).containsExactly(
                "Reserved step wait: waiting 1 s",
                "Reserved step wait: no ramdisk runs, so there is no heartbeat to wait for; going on at once");
    }

    @Test
    void inTheRamdiskWaitPausesUntilTheNextHeartbeatAndRebootBootsTheRamdiskAgain() {
        UUID node = manageableNode();
        agent.offerCleanStep(conductor.json.createObjectNode().put("step", "delete_configuration").put("priority", 0)
                .put("interface", "raid").put("reboot_requested", false).put("abortable", true));
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":["
                + "{\"interface\":\"raid\",\"step\":\"delete_configuration\"},"
                + "{\"interface\":\"deploy\",\"step\":\"wait\"},"
                + "{\"interface\":\"power\",\"step\":\"reboot\"},"
                + "{\"interface\":\"deploy\",\"step\":\"erase_devices_metadata\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        int before = conductor.power.calls().size();
        Node rebooting = heartbeatUntilRebooting(node, conductor.lookup(agent, MAC));
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("delete_configuration");
        assertThat(rebooting.provisionState()).isEqualTo(ProvisionState.CLEAN_WAIT);
        assertThat(rebooting.internal().agentToken()).as("the new ramdisk looks up afresh").isEmpty();
        agent.restart();
        Node done = conductor.runAgent(agent, MAC, node, ProvisionState.MANAGEABLE);

        assertThat(done.lastError()).isEmpty();
        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("delete_configuration",
                "erase_devices_metadata");
        // The reboot step boots the ramdisk again; cleaning went on when its agent heartbeated.
        assertThat(powerCallsSince(node, before)).containsExactly("reboot", "off");
        assertThat(timeline(node, "power.action")).extracting(e -> e.details().path("step").asText())
                .containsExactly("power.reboot");
        assertThat(timeline(node, "step.wait")).extracting(NodeEvent::message)
                .containsExactly("Reserved step wait: waiting for the agent's next heartbeat");
        assertThat(conductor.store.history().list(node).stream().map(e -> e.toState().wireName()))
                .containsSubsequence("clean wait", "cleaning", "clean wait", "cleaning", "clean wait", "cleaning",
                        "manageable");
    }

    @Test
    void powerStepsInServicingNeedNoRamdiskAndLeaveTheNodeActive() {
        UUID node = availableNode();
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        int before = conductor.power.calls().size();
        conductor.expect(202, provision(node, "{\"target\":\"service\",\"service_steps\":["
                + "{\"interface\":\"power\",\"step\":\"reboot\"},"
                + "{\"interface\":\"power\",\"step\":\"wait\",\"args\":{\"seconds\":\"0\"}}]}"));
        Node active = conductor.await(node, ProvisionState.ACTIVE);

        assertThat(active.lastError()).isEmpty();
        assertThat(active.powerState()).contains(PowerState.POWER_ON);
        assertThat(powerCallsSince(node, before)).containsExactly("reboot");
        assertThat(timeline(node, "power.action")).extracting(e -> e.details().path("step").asText())
                .containsExactly("power.reboot");
        assertThat(timeline(node, "step.wait")).extracting(NodeEvent::message)
                .containsExactly("Reserved step wait: waiting 0 s");
    }

    @Test
    void aRebootDeployStepBeforeTheAgentIsTornDownBootsTheRamdiskAgainAndTheDeployGoesOn() {
        UUID node = availableNode();
        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":["
                + "{\"interface\":\"power\",\"step\":\"reboot\",\"args\":{},\"priority\":70},"
                + "{\"interface\":\"deploy\",\"step\":\"wait\",\"args\":{\"seconds\":0},\"priority\":65},"
                + "{\"interface\":\"deploy\",\"step\":\"wait\",\"args\":{},\"priority\":64}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        int before = conductor.power.calls().size();
        heartbeatUntilRebooting(node, conductor.lookup(agent, MAC));
        agent.restart();
        Node active = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(active.lastError()).isEmpty();
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).containsExactly("write_image");
        // The reboot step, then tear_down_agent's power off and boot_instance's power on.
        assertThat(powerCallsSince(node, before)).containsExactly("reboot", "off", "on");
        assertThat(timeline(node, "power.action")).extracting(e -> e.details().path("step").asText())
                .containsExactly("power.reboot");
        assertThat(timeline(node, "step.wait")).extracting(NodeEvent::message).containsExactly(
                "Reserved step wait: waiting 0 s", "Reserved step wait: waiting for the agent's next heartbeat");
        assertThat(timeline(node, "step.wait").get(1).toState()).as("the wait without seconds paused in wait call-back")
                .isEqualTo(ProvisionState.DEPLOY_WAIT);
    }

    @Test
    void malformedReservedStepsAreRefusedWith400AndNothingChanges() {
        UUID node = manageableNode();
        Node before = conductor.store.nodes().get(node);
        FlowFixture.Reply badSeconds = provision(node, "{\"target\":\"clean\",\"clean_steps\":["
                + "{\"interface\":\"deploy\",\"step\":\"wait\",\"args\":{\"seconds\":\"soon\"}}]}");
        assertThat(badSeconds.status()).isEqualTo(400);
        assertThat(badSeconds.body().toString()).contains("needs").contains("as a whole number of seconds, 0 or more");
        assertThat(provision(node, "{\"target\":\"clean\",\"clean_steps\":["
                + "{\"interface\":\"deploy\",\"step\":\"wait\",\"args\":{\"seconds\":-5}}]}").status()).isEqualTo(400);
        FlowFixture.Reply powerArgs = provision(node, "{\"target\":\"clean\",\"clean_steps\":["
                + "{\"interface\":\"power\",\"step\":\"power_off\",\"args\":{\"force\":true}}]}");
        assertThat(powerArgs.status()).isEqualTo(400);
        assertThat(powerArgs.body().toString()).contains("does not take the argument(s) [force]");
        Node after = conductor.store.nodes().get(node);
        assertThat(after.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(after.version()).isEqualTo(before.version());

        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        Node available = conductor.store.nodes().get(node);
        assertThat(provision(node, "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"wait\",\"args\":{\"seconds\":1.5},\"priority\":65}]}").status()).isEqualTo(400);
        assertThat(conductor.store.nodes().get(node).version()).isEqualTo(available.version());
    }

    @Test
    void malformedReservedServiceStepsAreRefusedWith400() {
        UUID node = availableNode();
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        Node active = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(provision(node, "{\"target\":\"service\",\"service_steps\":[{\"interface\":\"power\","
                + "\"step\":\"reboot\",\"args\":{\"seconds\":3}}]}").status()).isEqualTo(400);
        Node after = conductor.store.nodes().get(node);
        assertThat(after.provisionState()).isEqualTo(ProvisionState.ACTIVE);
        assertThat(after.version()).isEqualTo(active.version());
    }
}
