package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Discovery through a running conductor: with {@code --discovery-enroll-driver}, an inspection report
 * from a machine no node matches enrolls it (discoverd's enroll hook); without it, the report is refused
 * and nothing is created.
 */
class DiscoveryEnrollmentTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    @Test
    void aReportFromAnUnknownMachineEnrollsItWithItsBmcAddressPortsAndProperties() throws Exception {
        try (ConductorServer server = ConductorServer.start(settings("--discovery-enroll-driver", "ipmi"))) {
            String base = "http://127.0.0.1:" + server.port();
            ObjectNode report = report("192.0.2.77");

            HttpResponse<String> answer = post(base + "/v1/continue", report.toString());

            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            String uuid = JSON.readTree(answer.body()).path("uuid").asText();
            JsonNode node = get(base + "/v1/nodes/" + uuid);
            assertThat(node.path("driver").asText()).isEqualTo("ipmi");
            assertThat(node.path("provision_state").asText()).isEqualTo("enroll");
            assertThat(node.path("driver_info").path("ipmi_address").asText()).isEqualTo("192.0.2.77");
            assertThat(node.path("properties").path("cpu_arch").asText()).isEqualTo("x86_64");
            assertThat(node.path("properties").path("memory_mb").asText()).isEqualTo("24576");
            List<String> ports = new ArrayList<>();
            get(base + "/v1/ports?node_uuid=" + uuid).path("ports").forEach(p -> ports.add(p.path("address").asText()));
            assertThat(ports).containsExactly("02:fc:00:00:00:01");
            assertThat(get(base + "/v1/introspection/" + uuid + "/data/unprocessed").path("inventory"))
                    .isEqualTo(report.path("inventory"));
            List<String> events = new ArrayList<>();
            get(base + "/v1/nodes/" + uuid + "/history").path("history").forEach(e -> events.add(e.path("event").asText()));
            assertThat(events).anySatisfy(event -> assertThat(event).startsWith("Enrolled by discovery"));

            // The same machine reporting again is now a known node that is not under inspection: refused.
            HttpResponse<String> again = post(base + "/v1/continue", report.toString());
            assertThat(again.statusCode()).isEqualTo(403);
            assertThat(get(base + "/v1/nodes").path("nodes")).hasSize(1);
        }
    }

    @Test
    void withoutTheFlagAnUnknownMachinesReportIsRefusedAndNothingIsCreated() throws Exception {
        try (ConductorServer server = ConductorServer.start(settings())) {
            String base = "http://127.0.0.1:" + server.port();

            HttpResponse<String> answer = post(base + "/v1/continue", report("192.0.2.78").toString());

            assertThat(answer.statusCode()).isEqualTo(400);
            assertThat(answer.body()).contains("Could not find a node");
            assertThat(get(base + "/v1/nodes").path("nodes")).isEmpty();
        }
    }

    @Test
    void aDriverThatIsNotEnabledStopsTheStart() {
        assertThatThrownBy(() -> ConductorServer.start(settings("--discovery-enroll-driver", "no-such-driver")))
                .hasMessageContaining("no-such-driver").hasMessageContaining("not enabled");
    }

    private ConductorSettings settings(String... extra) {
        List<String> args = new ArrayList<>(List.of("--noauth", "--data-dir", temp.resolve("data").toString(),
                "--boot-files", temp.resolve("boot").toString()));
        args.addAll(List.of(extra));
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs(args.toArray(String[]::new));
        ConductorSettings flags = command.settings();
        // The flags' settings on a free port (the command line insists on a real one).
        return new ConductorSettings(flags.host(), 0, flags.publicUrl(), flags.dataDir(), flags.databaseUrl(),
                flags.auth(), flags.bootFiles(), flags.automatedClean(), flags.name(), flags.heartbeatInterval(),
                flags.sweepInterval(), flags.cleanStepPriorities(), flags.dhcpHostsDirectory(), flags.kernelParameters(),
                flags.agentCaFile(), flags.inspect(), flags.pxeFilter());
    }

    private ObjectNode report(String bmc) throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/flow/ipa-continue.json")) {
            ObjectNode report = (ObjectNode) JSON.readTree(in);
            ((ObjectNode) report.get("inventory")).put("bmc_address", bmc);
            return report;
        }
    }

    private HttpResponse<String> post(String url, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode get(String url) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("X-OpenStack-Ironic-API-Version", "latest").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url + ": " + response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }
}
