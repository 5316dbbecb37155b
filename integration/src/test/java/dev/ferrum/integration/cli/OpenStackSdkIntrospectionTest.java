package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.integration.machine.FixtureMachine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * openstacksdk's {@code baremetal_introspection} proxy (Debian's python3-openstacksdk, what Bifrost-style tooling
 * calls) drives Ferrum's introspection API: start, wait, status fields, list (paged), abort, processed and raw
 * data; the state filter and rules, which openstacksdk 0.101 has no calls for, go through the proxy's own session.
 * Ferrum's real agent posts the inventory.
 */
class OpenStackSdkIntrospectionTest {
    private final ObjectMapper json = new ObjectMapper();
    private CliLab lab;

    @TempDir
    Path temp;

    @AfterEach
    void stop() throws InterruptedException {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void theStockSdkIntrospectsListsAbortsAndReadsDataOnFerrum() throws Exception {
        lab = CliLab.start(temp);
        Path script = script();
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        String inspected = managedNode("sdk-node");
        lab.baremetal("port", "create", FixtureMachine.MAC, "--node", inspected);
        String aborted = managedNode("sdk-abort");
        JsonNode rule = sdk(script, "create-rule", """
                {"description": "tag SDK nodes", "conditions": [{"op": "ge", "field": "memory_mb", "value": 1}],
                 "actions": [{"action": "add-trait", "name": "CUSTOM_SDK"}]}""");
        assertThat(sdk(script, "rules").path("rules").findValuesAsText("uuid")).contains(rule.path("uuid").asText());

        lab.startAgentWhen("sdk-node", "inspect wait", machine, "ipa-inspection-callback-url=" + lab.api()
                + "/v1/continue");
        JsonNode started = sdk(script, "start", inspected);
        assertThat(started.path("id").asText()).isEqualTo(inspected);
        JsonNode done = sdk(script, "wait", inspected);
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("finished");
        assertThat(done.path("is_finished").asBoolean()).isTrue();
        assertThat(done.path("error").isNull()).as(done.toString()).isTrue();
        assertThat(done.path("started_at").asText()).isNotEmpty();
        assertThat(done.path("finished_at").asText()).isNotEmpty();
        assertThat(done.path("links").get(0).path("href").asText()).endsWith("/v1/introspection/" + inspected);
        lab.stopAgent();

        JsonNode processed = sdk(script, "data", inspected);
        assertThat(processed.path("inventory").path("interfaces").findValuesAsText("mac_address"))
                .contains(FixtureMachine.MAC);
        assertThat(processed.has("all_interfaces")).as("processed data has the hooks' keys").isTrue();
        JsonNode raw = sdk(script, "raw-data", inspected);
        assertThat(raw.path("inventory").path("memory").path("physical_mb").asInt()).isPositive();
        assertThat(raw.has("all_interfaces")).as("raw data is what the ramdisk sent").isFalse();
        assertThat(lab.baremetal("node", "trait", "list", "sdk-node", "-f", "value")).contains("CUSTOM_SDK");

        // The second node never gets a ramdisk: it waits until the SDK aborts it.
        assertThat(sdk(script, "start", aborted).path("state").asText()).isIn("starting", "waiting");
        // "starting" while its boot is prepared, then "waiting" for the ramdisk that never comes.
        List<String> waiting = ids(sdk(script, "list-state", "waiting"));
        for (long deadline = System.nanoTime() + 30_000_000_000L; waiting.isEmpty() && System.nanoTime() < deadline; ) {
            Thread.sleep(200);
            waiting = ids(sdk(script, "list-state", "waiting"));
        }
        assertThat(waiting).containsExactly(aborted);
        assertThat(ids(sdk(script, "list-state", "finished"))).containsExactly(inspected);
        assertThat(ids(sdk(script, "list", ""))).containsExactlyInAnyOrder(inspected, aborted);
        assertThat(ids(sdk(script, "list", "1"))).as("paged one at a time").containsExactlyInAnyOrder(inspected,
                aborted);
        JsonNode abort = sdk(script, "abort", aborted);
        assertThat(abort.path("is_finished").asBoolean()).as(abort.toString()).isTrue();
        assertThat(abort.path("state").asText()).isEqualTo("error");
        assertThat(abort.path("error").asText()).containsIgnoringCase("abort");
        assertThat(lab.field("sdk-abort", "provision_state")).isEqualTo("inspect failed");
    }

    private String managedNode(String name) throws Exception {
        String uuid = json.readTree(lab.baremetal("node", "create", "--driver", "fake-hardware",
                "--inspect-interface", "agent", "--name", name, "-f", "json")).path("uuid").asText();
        lab.baremetal("node", "manage", name, "--wait", "60");
        return uuid;
    }

    private static List<String> ids(JsonNode introspections) {
        List<String> ids = new ArrayList<>();
        introspections.forEach(i -> ids.add(i.path("id").asText()));
        return ids;
    }

    /** The driver script, once openstacksdk imports (skips off CI without it, fails on CI). */
    private Path script() throws Exception {
        Path script = temp.resolve("sdk_introspection.py");
        try (InputStream in = getClass().getResourceAsStream("/introspection/sdk_introspection.py")) {
            Files.copy(in, script);
        }
        boolean importable = new ProcessBuilder("/usr/bin/python3", "-c", "import openstack.baremetal_introspection")
                .redirectErrorStream(true).start().waitFor() == 0;
        if ("true".equals(System.getenv("CI"))) {
            assertThat(importable).as("CI installs python3-openstacksdk (integration/src/test/scripts/install-ironic.sh)")
                    .isTrue();
        }
        assumeTrue(importable, "openstacksdk is not installed for /usr/bin/python3");
        return script;
    }

    /** Runs one command of the script against the lab's conductor and returns its JSON answer. */
    private JsonNode sdk(Path script, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("/usr/bin/python3", script.toString(), lab.api()));
        argv.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(false);
        builder.environment().keySet().removeIf(name -> name.startsWith("OS_"));
        Process process = builder.start();
        try {
            byte[] out = process.getInputStream().readAllBytes();
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("sdk " + String.join(" ", args)).isTrue();
            assertThat(process.exitValue()).as("sdk " + String.join(" ", args) + ":\n" + err).isZero();
            return json.readTree(out);
        } finally {
            process.destroyForcibly();
        }
    }
}
