package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deploy steps end to end over real HTTP: the operator's deploy_steps, deploy templates matched by
 * instance_info.traits, the agent's own steps and the core steps, in Ironic's order; refusals with
 * Ironic's messages; reboot_requested on deploy and clean steps resuming at the next step.
 */
class DeployStepsFlowTest {
    private static final String MAC = "02:fc:00:00:00:31";
    private static final String IMAGE = "\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
            + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\"";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private UUID availableNode(FlowConfig config, String instanceInfo) {
        conductor = flow.start(config);
        UUID node = conductor.createNode("node-1", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":{"
                + instanceInfo + "}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, config.automatedClean() ? ProvisionState.CLEAN_WAIT : ProvisionState.AVAILABLE);
        return node;
    }

    private ObjectNode agentStep(String iface, String step, int priority, boolean reboot) {
        ObjectNode json = conductor.json.createObjectNode().put("step", step).put("priority", priority)
                .put("interface", iface).put("reboot_requested", reboot);
        return json;
    }

    @Test
    void userStepsTemplatesAgentAndCoreStepsRunInIronicsOrder() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false),
                IMAGE + ",\"traits\":[\"CUSTOM_RAID\",\"CUSTOM_UNKNOWN\"]");
        conductor.expect(201, conductor.post("/v1/deploy_templates", "{\"name\":\"CUSTOM_RAID\",\"steps\":[{"
                + "\"interface\":\"raid\",\"step\":\"apply_configuration\",\"args\":{\"raid_config\":{\"logical_disks\":"
                + "[]}},\"priority\":85}]}", "latest"));
        agent.offerDeployStep(agentStep("deploy", "erase_custom", 90, false));
        ObjectNode burnin = agentStep("deploy", "burnin_cpu", 0, false);
        burnin.putObject("argsinfo").putObject("duration").put("required", false).put("description", "seconds");
        agent.offerDeployStep(burnin);
        ObjectNode raid = agentStep("raid", "apply_configuration", 0, false);
        raid.putObject("argsinfo").putObject("raid_config").put("required", true).put("description", "the RAID");
        agent.offerDeployStep(raid);
        agent.offerDeployStep(agentStep("deploy", "optional_thing", 75, false));

        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":["
                + "{\"interface\":\"deploy\",\"step\":\"burnin_cpu\",\"args\":{\"duration\":5},\"priority\":\"70\"},"
                + "{\"interface\":\"deploy\",\"step\":\"optional_thing\",\"args\":{},\"priority\":0}]}");
        Node waiting = conductor.await(node, ProvisionState.DEPLOY_WAIT);
        assertThat(waiting.internal().userDeploySteps()).extracting(p -> p.step().step() + "@" + p.step().priority())
                .containsExactly("burnin_cpu@70", "optional_thing@0");
        assertThat(conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body()
                .path("driver_internal_info").path("user_deploy_steps").get(0).path("priority").asInt()).isEqualTo(70);

        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        // The agent's erase_custom (90), the template's RAID (85), write_image (80), the user's burn-in (70);
        // optional_thing was disabled by the operator.
        assertThat(agent.stepsRun("deploy.execute_deploy_step"))
                .containsExactly("erase_custom", "apply_configuration", "write_image", "burnin_cpu");
        JsonNode raidRun = executed("apply_configuration");
        assertThat(raidRun.path("interface").asText()).isEqualTo("raid");
        assertThat(raidRun.path("args").path("raid_config").has("logical_disks")).isTrue();
        assertThat(executed("burnin_cpu").path("args").path("duration").asInt()).isEqualTo(5);
        assertThat(agent.receivedNames()).containsSubsequence("deploy.get_deploy_steps", "deploy.execute_deploy_step",
                "standby.get_partition_uuids", "standby.sync");
        // tear_down_agent powers off, boot_instance powers on, after the instance boot is prepared.
        assertThat(conductor.power.calls()).containsSubsequence(node + " off", node + " on");
        assertThat(conductor.boot.calls()).contains(node + " instance");
        assertThat(deployed.internal().stepPlan()).isEmpty();
        assertThat(deployed.internal().userDeploySteps()).isEmpty();
        assertThat(deployed.lastError()).isEmpty();
    }

    private JsonNode executed(String step) {
        return agent.received().stream().filter(c -> c.path("name").asText().equals("deploy.execute_deploy_step"))
                .map(c -> c.path("params").path("step")).filter(s -> s.path("step").asText().equals(step))
                .findFirst().orElseThrow();
    }

    @Test
    void badDeployStepsAreRefusedWithIronicsMessagesAndChangeNothing() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false), IMAGE);
        String path = "/v1/nodes/" + node + "/states/provision";
        String step = "{\"interface\":\"deploy\",\"step\":\"write_image\",\"args\":{},\"priority\":90}";

        var old = conductor.send("PUT", path, Optional.of("{\"target\":\"active\",\"deploy_steps\":[" + step + "]}"),
                Optional.of("1.68"));
        assertThat(old.status()).isEqualTo(406);
        assertThat(conductor.fault(old)).isEqualTo("Request not acceptable. The minimal required API version should"
                + " be 1.69");

        var wrongTarget = conductor.send("PUT", path, Optional.of("{\"target\":\"manage\",\"deploy_steps\":["
                + step + "]}"), Optional.of("latest"));
        assertThat(wrongTarget.status()).isEqualTo(400);
        assertThat(conductor.fault(wrongTarget)).isEqualTo("\"deploy_steps\" is only valid when setting target"
                + " provision state to active or rebuild");

        var noPriority = conductor.send("PUT", path, Optional.of("{\"target\":\"active\",\"deploy_steps\":[{"
                + "\"interface\":\"deploy\",\"step\":\"write_image\",\"args\":{}}]}"), Optional.of("latest"));
        assertThat(noPriority.status()).isEqualTo(400);
        assertThat(conductor.fault(noPriority)).isEqualTo("Invalid deploy_steps: 'priority' is a required property");

        var badInterface = conductor.send("PUT", path, Optional.of("{\"target\":\"active\",\"deploy_steps\":[{"
                + "\"interface\":\"network\",\"step\":\"x\",\"args\":{},\"priority\":1}]}"), Optional.of("latest"));
        assertThat(conductor.fault(badInterface)).isEqualTo("Invalid deploy_steps: 'network' is not one of ['vendor',"
                + " 'power', 'management', 'firmware', 'deploy', 'bios', 'raid']");

        var core = conductor.send("PUT", path, Optional.of("{\"target\":\"active\",\"deploy_steps\":[{"
                + "\"interface\":\"deploy\",\"step\":\"deploy\",\"args\":{},\"priority\":50}]}"), Optional.of("latest"));
        assertThat(core.status()).isEqualTo(400);
        assertThat(conductor.fault(core)).isEqualTo("Failed to validate deploy or power info for node " + node
                + ": Validation of deploy steps from \"deploy steps\" argument failed.deploy step deploy on interface"
                + " deploy is a core step and cannot be overridden by user steps. It may be disabled by setting the"
                + " priority to 0");

        var unexpected = conductor.send("PUT", path, Optional.of("{\"target\":\"active\",\"deploy_steps\":[{"
                + "\"interface\":\"deploy\",\"step\":\"write_image\",\"args\":{\"force\":true},\"priority\":80}]}"),
                Optional.of("latest"));
        assertThat(conductor.fault(unexpected)).endsWith("deploy step {'interface': 'deploy', 'step': 'write_image',"
                + " 'args': {'force': True}, 'priority': 80} has these unexpected arguments: force");

        Node unchanged = conductor.store.nodes().get(node);
        assertThat(unchanged.provisionState()).isEqualTo(ProvisionState.AVAILABLE);
        assertThat(unchanged.internal().userDeploySteps()).isEmpty();
        assertThat(conductor.power.calls()).doesNotContain(node + " reboot");
    }

    @Test
    void aTemplateStepTheNodeCannotRunIsRefusedNamingTheTemplate() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false),
                IMAGE + ",\"traits\":[\"CUSTOM_A\",\"CUSTOM_B\"]");
        conductor.expect(201, conductor.post("/v1/deploy_templates", "{\"name\":\"CUSTOM_A\",\"steps\":[{"
                + "\"interface\":\"deploy\",\"step\":\"write_image\",\"args\":{},\"priority\":81}]}", "latest"));
        conductor.expect(201, conductor.post("/v1/deploy_templates", "{\"name\":\"CUSTOM_B\",\"steps\":[{"
                + "\"interface\":\"deploy\",\"step\":\"write_image\",\"args\":{},\"priority\":82}]}", "latest"));

        var refused = conductor.send("PUT", "/v1/nodes/" + node + "/states/provision",
                Optional.of("{\"target\":\"active\"}"), Optional.of("latest"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(conductor.fault(refused)).isEqualTo("Failed to validate deploy or power info for node " + node
                + ": Validation of deploy steps from deploy templates matching this node's instance traits failed."
                + " Matching deploy templates: CUSTOM_A,CUSTOM_B. Errors: deploy steps from all deploy templates"
                + " matching this node's instance traits cannot have the same interface and step. Duplicate deploy"
                + " steps for deploy.write_image");
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.AVAILABLE);
    }

    @Test
    void aStepTheAgentDoesNotOfferFailsTheDeployOnceTheAgentListedItsSteps() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false), IMAGE);
        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"bios\","
                + "\"step\":\"apply_vendor_settings\",\"args\":{},\"priority\":70}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        heartbeat(node, lookup(), n -> n.provisionState() == ProvisionState.DEPLOY_FAILED);

        Node failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error)
                .startsWith("Failed to validate the deploy steps: Validation of deploy steps from \"deploy steps\""
                        + " argument failed.node does not support this deploy step: {'interface': 'bios', 'step':"
                        + " 'apply_vendor_settings', 'args': {}, 'priority': 70}")
                .contains("then deploy again"));
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).isEmpty();
    }

    @Test
    void anAgentStepOutsideTheAgentsLifetimeIsRefusedWithTheRangeToUse() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false), IMAGE);
        agent.offerDeployStep(agentStep("deploy", "late_thing", 0, false));
        conductor.provisionWith(node, "{\"target\":\"active\",\"deploy_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"late_thing\",\"args\":{},\"priority\":25}]}");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        heartbeat(node, lookup(), n -> n.provisionState() == ProvisionState.DEPLOY_FAILED);

        assertThat(conductor.await(node, ProvisionState.DEPLOY_FAILED).lastError()).hasValueSatisfying(error ->
                assertThat(error).contains("[deploy.late_thing]").contains("between 41 and 99"));
    }

    @Test
    void aDeployStepThatRequestsARebootResumesAtTheNextStepInTheNewRamdisk() {
        UUID node = availableNode(FlowConfig.defaults().withAutomatedClean(false), IMAGE);
        agent.offerDeployStep(agentStep("deploy", "flash_firmware", 90, true));
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        Node rebooting = heartbeat(node, lookup(), n -> n.internal().stepReboot().isPresent());
        assertThat(rebooting.provisionState()).isEqualTo(ProvisionState.DEPLOY_WAIT);
        assertThat(rebooting.internal().stepReboot()).contains(StepKind.DEPLOY);
        assertThat(rebooting.internal().agentToken()).as("the new ramdisk looks up afresh").isEmpty();
        assertThat(rebooting.internal().stepPlan().flatMap(p -> p.current()).orElseThrow().step().step())
                .isEqualTo("flash_firmware");
        JsonNode shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body();
        assertThat(shown.path("deploy_step").path("step").asText()).isEqualTo("flash_firmware");
        assertThat(shown.path("driver_internal_info").path("deployment_reboot").asBoolean()).isTrue();
        assertThat(shown.path("driver_internal_info").path("skip_current_deploy_step").asBoolean()).isTrue();
        assertThat(shown.path("driver_internal_info").path("deploy_step_index").asInt()).isEqualTo(1);
        assertThat(conductor.power.calls()).contains(node + " reboot");
        assertThat(conductor.boot.calls()).containsSubsequence(node + " ramdisk DEPLOY", node + " ramdisk DEPLOY");

        agent.restart();
        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);

        assertThat(agent.stepsRun("deploy.execute_deploy_step")).containsExactly("flash_firmware", "write_image");
        assertThat(deployed.internal().stepReboot()).isEmpty();
        assertThat(deployed.lastError()).isEmpty();
    }

    @Test
    void aCleanStepThatRequestsARebootResumesAtTheNextStepInTheNewRamdisk() {
        conductor = flow.start(FlowConfig.defaults());
        agent.rebootAfterCleanStep("erase_devices_metadata");
        UUID node = conductor.createNode("node-1", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":{"
                + IMAGE + "}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.CLEAN_WAIT);

        Node rebooting = heartbeat(node, lookup(), n -> n.internal().stepReboot().isPresent());
        assertThat(rebooting.provisionState()).isEqualTo(ProvisionState.CLEAN_WAIT);
        JsonNode shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body();
        assertThat(shown.path("clean_step").path("step").asText()).isEqualTo("erase_devices_metadata");
        assertThat(shown.path("driver_internal_info").path("cleaning_reboot").asBoolean()).isTrue();
        assertThat(conductor.power.calls()).contains(node + " reboot");

        agent.restart();
        conductor.runAgent(agent, MAC, node, ProvisionState.AVAILABLE);

        assertThat(agent.stepsRun("clean.execute_clean_step")).containsExactly("erase_devices_metadata",
                "erase_devices");
        assertThat(conductor.store.nodes().get(node).internal().stepReboot()).isEmpty();
    }

    private String lookup() {
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        return token;
    }

    /** Heartbeats with {@code token} until the idle node satisfies {@code until}; returns it. */
    private Node heartbeat(UUID node, String token, Predicate<Node> until) {
        Instant deadline = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(deadline)) {
            Node current = conductor.store.nodes().get(node);
            if (current.reservation().isEmpty() && until.test(current)) {
                return current;
            }
            conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url() + "\",\"agent_token\":\""
                    + token + "\",\"agent_version\":\"9.4.3\"}", "1.68");
            FlowFixture.sleep(150);
        }
        throw new AssertionError("node=" + node + " never got there: " + conductor.store.nodes().get(node));
    }
}
