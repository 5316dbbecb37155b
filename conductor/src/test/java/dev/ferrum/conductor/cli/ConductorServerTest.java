package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.agent.AgentException;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.pxe.script.KernelParameter;
import dev.ferrum.testing.LoopbackTlsServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ConductorServerTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    private HttpResponse<String> send(String method, String url, String token, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url)).header("X-OpenStack-Ironic-API-Version", "latest")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("X-Auth-Token", token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesTheApiWithTokensBootFilesAndRegistersItself() throws Exception {
        var settings = new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.Tokens(List.of("s3cret")), temp.resolve("boot"), true, "test-conductor",
                Duration.ofSeconds(1), Duration.ofSeconds(5));
        try (ConductorServer server = ConductorServer.start(settings)) {
            String base = "http://127.0.0.1:" + server.port();

            assertThat(send("GET", base + "/", null, null).body()).contains("\"version\":\"1.87\"");
            assertThat(send("GET", base + "/v1/nodes", null, null).statusCode()).isEqualTo(401);
            var created = send("POST", base + "/v1/nodes", "s3cret", "{\"driver\": \"ipmi\", \"name\": \"rack1-u1\"}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            assertThat(created.body()).contains("\"power_interface\":\"ipmitool\"", "\"boot_interface\":\"ipxe\"");
            assertThat(send("GET", base + "/v1/drivers", "s3cret", null).body())
                    .contains("ipmi", "redfish", "manual-management", "fake-hardware");
            var script = send("GET", base + "/boot/default.ipxe", null, null);
            assertThat(script.statusCode()).isEqualTo(200);
            assertThat(script.body()).startsWith("#!ipxe");
            // Ramdisk endpoints stay open: an unknown MAC is simply not found.
            assertThat(send("GET", base + "/v1/lookup?addresses=52:54:00:00:00:01", null, null).statusCode())
                    .isEqualTo(404);
        }
    }

    @Test
    void allowsANodesMacInTheDhcpHostsDirectoryAndBootsItsRamdiskWithTheExtraKernelParameters() throws Exception {
        Path hosts = temp.resolve("dhcp-hosts");
        var settings = new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), true, "dhcp-conductor",
                Duration.ofSeconds(1), Duration.ofSeconds(5), Map.of("deploy.erase_devices", 0), Optional.of(hosts),
                List.of(new KernelParameter.Setting("console", "ttyS0")), Optional.empty());
        try (ConductorServer server = ConductorServer.start(settings)) {
            String base = "http://127.0.0.1:" + server.port();
            var created = send("POST", base + "/v1/nodes", null, """
                    {"driver": "fake-hardware", "boot_interface": "ipxe", "inspect_interface": "agent",
                     "driver_info": {"deploy_kernel": "vmlinuz", "deploy_ramdisk": "initramfs"}}""");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            String uuid = created.body().replaceAll(".*\"uuid\":\"([0-9a-f-]+)\".*", "$1");
            var port = send("POST", base + "/v1/ports", null,
                    "{\"address\": \"52:54:00:12:34:56\", \"node_uuid\": \"" + uuid + "\"}");
            assertThat(port.statusCode()).as(port.body()).isEqualTo(201);
            Path record = hosts.resolve("52-54-00-12-34-56");
            // No record yet, or the PXE filter's ignore if its periodic sync already saw the port.
            assertThat(java.nio.file.Files.exists(record) ? java.nio.file.Files.readString(record) : "")
                    .as("no boot yet, not answered").isIn("", "52:54:00:12:34:56,ignore\n");

            provision(base, uuid, "manage", "manageable");
            provision(base, uuid, "inspect", "inspect wait");

            assertThat(hosts.resolve("52-54-00-12-34-56")).as("dnsmasq may answer the node while it inspects")
                    .hasContent("52:54:00:12:34:56");
            var script = send("GET", base + "/boot/52-54-00-12-34-56.ipxe", null, null);
            assertThat(script.body()).contains("console=ttyS0", "ipa-inspection-callback-url=");
        }
    }

    private void provision(String base, String uuid, String target, String state) throws Exception {
        var response = send("PUT", base + "/v1/nodes/" + uuid + "/states/provision", null,
                "{\"target\": \"" + target + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String shown = "";
        while (System.nanoTime() < deadline) {
            shown = send("GET", base + "/v1/nodes/" + uuid, null, null).body();
            if (shown.contains("\"provision_state\":\"" + state + "\"")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("node did not reach " + state + " after " + target + ": " + shown);
    }

    @Test
    void optionsGiveTheDhcpHostsDirectoryCleanStepPrioritiesAndKernelParameters() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--dhcp-hosts-dir", "/srv/dhcp-hosts",
                "--clean-step-priority", "deploy.erase_devices=0", "--clean-step-priority", "deploy.erase_devices_metadata=50",
                "--kernel-param", "console=ttyS0", "--kernel-param", "quiet");

        ConductorSettings settings = command.settings();

        assertThat(settings.dhcpHostsDirectory()).contains(Path.of("/srv/dhcp-hosts"));
        assertThat(settings.cleanStepPriorities()).isEqualTo(Map.of("deploy.erase_devices", 0,
                "deploy.erase_devices_metadata", 50));
        assertThat(settings.kernelParameters()).containsExactly(new KernelParameter.Setting("console", "ttyS0"),
                new KernelParameter.Flag("quiet"));
    }

    @Test
    void refusesKernelParametersThatWouldBreakTheBootScript() {
        for (String parameter : List.of("console=tty S0", "ipa-agent-token=x", "a=${x}")) {
            ConductorCommand command = new ConductorCommand();
            new CommandLine(command.spec()).parseArgs("--noauth", "--data-dir", temp.toString(), "--kernel-param", parameter);

            // settings() is where the flags are checked, before anything starts; the message names the bad value.
            assertThatThrownBy(command::settings).as(parameter).isInstanceOf(CommandLine.ParameterException.class)
                    .hasMessageContaining("--kernel-param " + parameter + ":");
        }
    }

    @Test
    void talksToHttpsAgentsThroughTheAgentCaFileItWasGiven() {
        try (LoopbackTlsServer agent = LoopbackTlsServer.start(temp, "/v1/commands/", exchange -> {
            byte[] body = "{\"commands\":[]}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        })) {
            var endpoint = new AgentEndpoint(UUID.randomUUID(), URI.create(agent.url("127.0.0.1")), Optional.empty());
            var withoutCa = settings(Optional.empty());
            var withCa = settings(Optional.of(agent.caFile()));

            assertThat(ConductorServer.agentClientConfig(withCa).caFile()).contains(agent.caFile());
            assertThat(new AgentClient(ConductorServer.agentClientConfig(withCa)).commands(endpoint).commands()).isEmpty();
            assertThatThrownBy(() -> new AgentClient(ConductorServer.agentClientConfig(withoutCa)).commands(endpoint))
                    .isInstanceOf(AgentException.class);
            // And the server starts with it.
            try (ConductorServer server = ConductorServer.start(withCa)) {
                assertThat(server.port()).isPositive();
            }
        }
    }

    private ConductorSettings settings(Optional<Path> agentCaFile) {
        return new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.Tokens(List.of("s3cret")), temp.resolve("boot"), true, "test-conductor",
                Duration.ofSeconds(1), Duration.ofSeconds(5), Map.of(), Optional.empty(), List.of(), agentCaFile);
    }

    @Test
    void refusesToStartWithoutChoosingAnAuthenticationMode() {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand().spec());
        command.setErr(new PrintWriter(err));

        int exit = command.execute("--data-dir", temp.toString(), "--port", "0");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--auth-token").contains("--noauth");
    }
}
