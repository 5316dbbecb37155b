package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.ferrum.conductor.ramdisk.RamdiskConfig;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replays a stock ironic-python-agent's captured requests (wire-ipa-*.json) against Ferrum's conductor
 * over real HTTP, in capture order, and compares each answer with the one stock Ironic gave: status,
 * microversion headers, Content-Type/Content-Length, and the JSON body field by field. The conductor's
 * calls to the agent are answered from the same capture by {@link ReplayAgent}, and the commands Ferrum
 * sent are compared with the ones Ironic sent.
 *
 * <p>Substituted on replay, because they must differ: the node uuid (Ferrum makes its own), the agent
 * token (Ferrum issues its own; its format is asserted), the agent's callback URL (the replay agent's
 * port), Ironic's API base URL in links (Ferrum's port). The {@code Accept-Encoding} request header is
 * not sent: the JDK client does not decode gzip, and no answer here is compressed by Ironic either.
 *
 * <p>Fixed in the conductor because of this replay: {@code agent_secret_token_pregenerated: false} and
 * {@code clean_step_index: null} no longer appear where Ironic writes nothing; {@code is_whole_disk_image}
 * is recorded when a deploy starts; a manually requested clean step carries the agent's priority; and a
 * clean step the agent answers SUCCEEDED at once is taken up on the next heartbeat, so that heartbeat gets
 * 202 rather than a refused token; step commands carry {@code deploy_version}/{@code clean_version} (the
 * manager versions the agent reported), without which IPA never detects a changed ramdisk; and clean
 * commands carry Ironic's erase settings in {@code params.node.driver_internal_info}, where agents read
 * them (without them IPA erases one disk at a time, Ironic asks for four); a deploy records Ironic's
 * {@code image_type} and {@code image_url} in instance_info, the URL masked at lookup but readable in
 * the agent's commands.
 */
class WireReplayTest {
    private static final String MAC = "02:fc:00:00:00:01";
    private static final String IRONIC_BASE = "http://127.0.0.1:6385";
    private static final String IPA_CALLBACK = "http://127.0.0.1:9998";
    /** Ironic's deployment ran with {@code [api]ramdisk_heartbeat_timeout = 20}; Ferrum is given the same. */
    private static final RamdiskConfig CAPTURED_RAMDISK = new RamdiskConfig(20, false, List.of("raw", "qcow2", "iso"));
    private static final String MAXIMUM_HEADER = "x-openstack-ironic-api-maximum-version";
    private static final Set<String> COMPARED_HEADERS = Set.of("x-openstack-ironic-api-minimum-version",
            "x-openstack-ironic-api-maximum-version", "x-openstack-ironic-api-version", "content-type",
            "x-openstack-ironic-inspector-api-minimum-version", "x-openstack-ironic-inspector-api-maximum-version");

    /**
     * Values that differ in every run: timestamps of this run, and the token (its format is checked); and the
     * maximum API version the root document names (the captures come from an Ironic serving up to 1.82, Ferrum
     * serves up to 1.87; an agent picks the lower of it and its own maximum).
     */
    private static final Set<String> VALUES_DIFFER = Set.of(
            "/node/driver_internal_info/last_power_state_change",
            "/config/agent_token",
            "/default_version/version",
            "/versions/*/version");

    /**
     * Fields only one side has, each for a stated reason. Ironic keeps its conductor-side deploy step plan
     * ({@code deploy_steps}: deploy, write_image, prepare_instance_boot, tear_down_agent, …) and index in
     * driver_internal_info from the start of the deploy; Ferrum plans only {@code write_image}, once the
     * agent's steps are known. No agent reads these at lookup. Ferrum adds {@code wait_deadline}, its own
     * key for the wait state's deadline, which agents ignore as they ignore every unknown key.
     */
    private static final Set<String> ONE_SIDED = Set.of(
            "/node/driver_internal_info/deploy_steps",
            "/node/driver_internal_info/deploy_step_index",
            "/node/driver_internal_info/wait_deadline",
            // Ferrum keeps every planned step in one typed shape; Ironic echoes a manual step as requested.
            "/node/driver_internal_info/clean_steps/*/args",
            "/node/driver_internal_info/clean_steps/*/argsinfo",
            "/node/driver_internal_info/clean_steps/*/abortable",
            "/node/driver_internal_info/clean_steps/*/priority",
            "/node/driver_internal_info/clean_steps/*/reboot_requested",
            // Ironic keeps these on the node while cleaning; Ferrum sends its erase settings with each
            // clean command instead, where agents read them (compared in commandDifferences).
            "/node/driver_internal_info/cleaning_disable_ramdisk",
            "/node/driver_internal_info/agent_erase_devices_iterations",
            "/node/driver_internal_info/agent_erase_devices_zeroize",
            "/node/driver_internal_info/agent_continue_if_secure_erase_failed",
            "/node/driver_internal_info/agent_continue_if_ata_erase_failed",
            "/node/driver_internal_info/agent_enable_nvme_secure_erase",
            "/node/driver_internal_info/agent_enable_ata_secure_erase",
            "/node/driver_internal_info/disk_erasure_concurrency",
            "/node/driver_internal_info/agent_erase_skip_read_only");

    /** The erase settings IPA reads from a clean command's {@code params.node.driver_internal_info}. */
    private static final List<String> ERASE_SETTINGS = List.of("agent_erase_devices_iterations",
            "agent_erase_devices_zeroize", "agent_continue_if_secure_erase_failed",
            "agent_continue_if_ata_erase_failed", "agent_enable_nvme_secure_erase", "agent_enable_ata_secure_erase",
            "disk_erasure_concurrency", "agent_erase_skip_read_only");

    /** The node fields IPA's hardware managers read from a command's {@code params.node}. */
    private static final List<String> NODE_FIELDS_IPA_READS = List.of("uuid", "name", "driver", "driver_info",
            "driver_internal_info", "instance_info", "properties", "instance_uuid", "provision_state");

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final ReplayAgent agent = new ReplayAgent();

    @AfterEach
    void stop() {
        agent.close();
    }

    @Test
    void directDeployOfAStockIpaGetsIronicsAnswersAndCommands() {
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults().withAutomatedClean(false),
                CAPTURED_RAMDISK));
        // What the capture's node had: manual-management/pxe/direct in Ironic; fake power and boot here.
        UUID node = conductor.createNode("ipa-mm-direct-plain-28565", MAC, ",\"deploy_interface\":\"direct\","
                + "\"properties\":{\"capabilities\":\"boot_mode:bios\",\"cpus\":2,\"memory_mb\":24576,\"local_gb\":200},"
                + "\"instance_info\":{\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\",\"image_disk_format\":\"raw\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);

        replay("wire-ipa-deploy-mm-direct.json", node);

        conductor.await(node, ProvisionState.ACTIVE);
        assertThat(agent.sent().stream().map(ReplayAgent.SentCommand::name)).containsExactly(
                "deploy.get_deploy_steps", "deploy.execute_deploy_step", "standby.get_partition_uuids", "standby.sync");
    }

    @Test
    void manualCleanOfAStockIpaGetsIronicsAnswersAndCommands() {
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults().withAutomatedClean(false),
                CAPTURED_RAMDISK));
        UUID node = conductor.createNode("ipa-mm-direct-plain-2964", MAC, ",\"deploy_interface\":\"direct\","
                + "\"properties\":{\"capabilities\":\"boot_mode:bios\",\"cpus\":2,\"memory_mb\":24576,\"local_gb\":200},"
                + "\"instance_info\":{\"image_source\":\"http://127.0.0.1:8080/disk.raw\","
                + "\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\",\"image_disk_format\":\"raw\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provisionWith(node, "{\"target\":\"clean\",\"clean_steps\":[{\"interface\":\"deploy\","
                + "\"step\":\"erase_devices_metadata\"}]}");
        conductor.await(node, ProvisionState.CLEAN_WAIT);

        replay("wire-ipa-clean-mm.json", node);

        conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(agent.sent().stream().map(ReplayAgent.SentCommand::name)).containsExactly(
                "clean.get_clean_steps", "clean.execute_clean_step");
    }

    @Test
    void inBandInspectionOfAStockIpaGetsIronicsAnswer() {
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults().withAutomatedClean(false),
                CAPTURED_RAMDISK));
        UUID node = conductor.createNode("ipa-inspect", MAC, ",\"inspect_interface\":\"agent\"");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "inspect");
        conductor.await(node, ProvisionState.INSPECT_WAIT);

        // Not replayed: the lookup and heartbeat after the callback (#2, #3). Ironic answered them because
        // its conductor had not yet polled the separate inspector and the node still sat in "inspect
        // wait"; Ferrum's built-in inspection finishes within the callback, so the node is manageable
        // and a lookup gets the 404 of any node without ramdisk work. Asserted below instead.
        replay("wire-ipa-inspection.json", node, Set.of(2, 3));

        var inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.properties().get("cpus").map(JsonNode::asInt)).contains(2);
        assertThat(inspected.properties().get("memory_mb").map(JsonNode::asInt)).contains(24576);
        conductor.expect(404, conductor.get("/v1/lookup?addresses=" + MAC + "&node_uuid=" + node, "1.62"));
    }

    private void replay(String file, UUID node) {
        replay(file, node, Set.of());
    }

    /**
     * Sends the agent's side of {@code file} in order, but for the exchanges numbered in {@code skipped}
     * (each with its reason at the call), and checks every answer and every command.
     */
    private void replay(String file, UUID node, Set<Integer> skipped) {
        WireCapture capture = WireCapture.load(conductor.json, file);
        String capturedNode = capture.firstResponseValue("/v1/lookup", "/node/uuid");
        String capturedToken = capture.firstResponseValue("/v1/lookup", "/config/agent_token");
        Map<String, String> swaps = new LinkedHashMap<>();
        swaps.put(capturedNode, node.toString());
        swaps.put(IRONIC_BASE, conductor.base);
        swaps.put(IPA_CALLBACK, agent.url());
        agent.script(capture.exchanges(swaps));
        List<String> problems = new ArrayList<>();
        Optional<String> issued = Optional.empty();
        for (WireCapture.Exchange captured : capture.exchanges(swaps)) {
            if (captured.direction() != WireCapture.Direction.AGENT_TO_CONDUCTOR || skipped.contains(captured.index())) {
                continue;
            }
            awaitCommandsBefore(captured.index());
            if (issued.isPresent()) {
                // The token Ferrum issued stands in for Ironic's in every later request and answer.
                Map<String, String> withToken = new LinkedHashMap<>(swaps);
                withToken.put(capturedToken, issued.get());
                agent.script(capture.exchanges(withToken));
                captured = capture.exchanges(withToken).get(captured.index());
            }
            Map<String, String> headers = new LinkedHashMap<>(captured.requestHeaders());
            headers.remove("accept-encoding");
            headers.remove("content-length");
            Optional<String> body = captured.requestBody().isNull() || captured.requestBody().isMissingNode()
                    ? Optional.empty() : Optional.of(captured.requestBody().toString());
            var answer = conductor.send(captured.method(), captured.path(), body, headers);
            String where = "#" + captured.index() + " " + captured.method() + " " + captured.route() + ": ";
            if (answer.reply().status() != captured.status()) {
                problems.add(where + "status " + answer.reply().status() + " where Ironic answered " + captured.status()
                        + " (" + answer.reply().raw() + ")");
                continue;
            }
            for (String header : COMPARED_HEADERS) {
                // The maximum is the one difference on purpose (see VALUES_DIFFER): Ferrum's own is expected there.
                Optional<String> ironic = captured.responseHeader(header).map(v -> header.equals(MAXIMUM_HEADER)
                        ? dev.ferrum.conductor.api.ApiConfig.SUPPORTED.max().toString() : v);
                Optional<String> ferrum = answer.headers().firstValue(header);
                if (ironic.isPresent() && !ironic.equals(ferrum.map(v -> v.replace("; charset=UTF-8", "")))) {
                    problems.add(where + "header " + header + " is " + ferrum + " where Ironic sent " + ironic.get());
                }
            }
            if (captured.responseHeader("content-length").filter("0"::equals).isPresent()
                    && !answer.reply().raw().isEmpty()) {
                problems.add(where + "a body where Ironic answered with none: " + answer.reply().raw());
            }
            if (captured.route().equals("/v1/lookup")) {
                String token = answer.reply().body().path("config").path("agent_token").asText();
                assertThat(token).as("issued agent token").hasSize(43).matches("[A-Za-z0-9_-]+");
                issued = Optional.of(token);
            }
            JsonNode expected = captured.responseBody().isNull() ? MissingNode.getInstance() : captured.responseBody();
            JsonDifferences.between(expected, answer.reply().body(), VALUES_DIFFER, ONE_SIDED)
                    .forEach(d -> problems.add(where + d));
        }
        awaitCommandsBefore(Integer.MAX_VALUE);
        problems.addAll(agent.mismatches());
        if (issued.isPresent()) {
            problems.addAll(commandDifferences(capture, swaps, issued.get()));
        }
        assertThat(problems).as("differences from Ironic's answers in " + file).isEmpty();
    }

    /** Ferrum's commands against Ironic's: same names, wait flags, token, step params; node fields IPA reads. */
    private List<String> commandDifferences(WireCapture capture, Map<String, String> swaps, String token) {
        Map<String, String> withToken = new LinkedHashMap<>(swaps);
        withToken.put(capture.firstResponseValue("/v1/lookup", "/config/agent_token"), token);
        List<WireCapture.Exchange> ironic = capture.exchanges(withToken).stream().filter(e -> e.direction()
                == WireCapture.Direction.CONDUCTOR_TO_AGENT && e.method().equals("POST")).toList();
        List<ReplayAgent.SentCommand> ferrum = agent.sent();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(ironic.size(), ferrum.size()); i++) {
            WireCapture.Exchange expected = ironic.get(i);
            ReplayAgent.SentCommand actual = ferrum.get(i);
            String where = "command " + expected.commandName() + ": ";
            String expectedWait = expected.path().replaceAll(".*[?&]wait=([a-z]+).*", "$1");
            if (!actual.waitFlag().equals(Optional.of(expectedWait))) {
                out.add(where + "wait=" + actual.waitFlag() + " where Ironic sent wait=" + expectedWait);
            }
            if (!actual.token().equals(Optional.of(token))) {
                out.add(where + "agent_token " + actual.token() + " is not the issued token");
            }
            JsonNode expectedParams = expected.requestBody().path("params");
            JsonNode actualParams = actual.body().path("params");
            List<String> expectedKeys = new ArrayList<>();
            expectedParams.fieldNames().forEachRemaining(expectedKeys::add);
            List<String> actualKeys = new ArrayList<>();
            actualParams.fieldNames().forEachRemaining(actualKeys::add);
            if (!Set.copyOf(expectedKeys).equals(Set.copyOf(actualKeys))) {
                out.add(where + "params " + actualKeys + " where Ironic sent " + expectedKeys);
            }
            for (String exact : List.of("step", "deploy_version", "clean_version")) {
                JsonDifferences.between(expectedParams.path(exact), actualParams.path(exact), Set.of(), Set.of())
                        .forEach(d -> out.add(where + "params." + exact + d));
            }
            if (expectedParams.has("node")) {
                for (String field : NODE_FIELDS_IPA_READS) {
                    JsonNode want = expectedParams.path("node").path(field);
                    JsonNode got = actualParams.path("node").path(field);
                    if (got.isMissingNode() || want.getNodeType() != got.getNodeType()) {
                        out.add(where + "params.node." + field + " is " + got + " where Ironic sent a "
                                + want.getNodeType());
                    }
                }
                for (String setting : ERASE_SETTINGS) {
                    JsonNode want = expectedParams.path("node").path("driver_internal_info").path(setting);
                    JsonNode got = actualParams.path("node").path("driver_internal_info").path(setting);
                    if (!want.equals(got)) {
                        out.add(where + "params.node.driver_internal_info." + setting + " is " + got
                                + " where Ironic sent " + want);
                    }
                }
                if (!actualParams.path("ports").path(0).path("address").asText().equals(MAC)) {
                    out.add(where + "params.ports lacks the node's port " + MAC + ": " + actualParams.path("ports"));
                }
            }
        }
        if (ironic.size() != ferrum.size()) {
            out.add("Ferrum sent " + ferrum.size() + " commands " + ferrum.stream().map(ReplayAgent.SentCommand::name)
                    .toList() + " where Ironic sent " + ironic.size());
        }
        return out;
    }

    private void awaitCommandsBefore(int index) {
        Instant until = Instant.now().plusSeconds(20);
        while (!agent.servedCommandsBefore(index) && Instant.now().isBefore(until)) {
            FlowFixture.sleep(20);
        }
    }
}
