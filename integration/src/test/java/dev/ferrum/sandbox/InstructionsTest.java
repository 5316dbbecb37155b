package dev.ferrum.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.MachineProgress;
import dev.ferrum.sandbox.flow.SampleDeployment;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the sandbox prints when it is done: the outcome, failures with last_error, curl and baremetal. */
class InstructionsTest {
    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void saysHowToReachTheApiAndWhichMachinesFailed() {
        var active = new FleetProvisioner.Outcome("sandbox-1", "u1",
                MachineProgress.waiting("sandbox-1", NOW).at(MachineProgress.Step.DONE, "active", NOW));
        var failed = new FleetProvisioner.Outcome("sandbox-2", "u2",
                MachineProgress.waiting("sandbox-2", NOW).failed("clean failed", "the agent refused", NOW));

        String text = Instructions.text(URI.create("http://127.0.0.1:6385"), List.of(active, failed),
                Path.of("/tmp/sbx"), true, new SampleDeployment("http://127.0.0.1:4000/sample.raw", "ab12", "raw"));

        assertThat(text).contains(
                "1 of 2 machines deployed (active).",
                "  sandbox-2 failed in 'clean failed': the agent refused",
                "Ironic API (no authentication): http://127.0.0.1:6385",
                "/tmp/sbx (sandbox.log), kept on exit",
                "curl -s -H 'X-OpenStack-Ironic-API-Version: latest' http://127.0.0.1:6385/v1/nodes | python3 -m json.tool",
                "export OS_ENDPOINT=http://127.0.0.1:6385 OS_AUTH_TYPE=none",
                "baremetal node list",
                "baremetal node show sandbox-1",
                "baremetal node set sandbox-1 --instance-info image_source=http://127.0.0.1:4000/sample.raw "
                        + "--instance-info image_os_hash_algo=sha256 --instance-info image_os_hash_value=ab12 "
                        + "--instance-info image_disk_format=raw",
                "baremetal node deploy sandbox-1 --wait 300");
        assertThat(text).doesNotContain("sandbox-1 failed");
    }

    @Test
    void printsTheConsoleUrlBesideTheApi() {
        var active = new FleetProvisioner.Outcome("sandbox-1", "u1",
                MachineProgress.waiting("sandbox-1", NOW).at(MachineProgress.Step.DONE, "active", NOW));

        String text = Instructions.text(URI.create("http://127.0.0.1:6390"), List.of(active), Path.of("/tmp/sbx"), false,
                new SampleDeployment("http://127.0.0.1:4000/sample.raw", "ab12", "raw"));

        assertThat(text).contains("Web console (open it in a browser): http://127.0.0.1:6390/console/");
    }
}
