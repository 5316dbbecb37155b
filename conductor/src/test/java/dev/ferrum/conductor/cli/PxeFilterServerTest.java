package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.testing.HangupStandIn;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The conductor's PXE filter end to end: a real {@link ConductorServer} with a temporary dnsmasq hosts
 * directory, driven through the API; what dnsmasq would read is checked in the files, what iPXE would get
 * through {@code /boot/<mac>.ipxe}. (A real dnsmasq reading such a directory is DnsmasqFilterNamespaceTest.)
 */
class PxeFilterServerTest {
    private static final String NODE_MAC = "52:54:00:12:34:56";
    private static final String NODE_FILE = "52-54-00-12-34-56";
    private static final String UNKNOWN_MAC = "52-54-00-ab-cd-ef";
    private static final String UNKNOWN_HOSTS = "unknown-hosts";

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    private ConductorSettings settings(Path hosts, boolean discovery) {
        return new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), true, "filter-conductor",
                Duration.ofSeconds(1), Duration.ofSeconds(5), Map.of(), Optional.of(hosts), List.of(), Optional.empty(),
                InspectSettings.withoutInspector(), new PxeFilterSettings(discovery, Duration.ofSeconds(1),
                        "discovery/vmlinuz", "discovery/initramfs", Optional.empty()));
    }

    @Test
    void ignoresIdleNodesAndAdmitsUnknownMachinesForDiscoveryOnlyWhileAnInspectionRuns() throws Exception {
        Path hosts = temp.resolve("dhcp-hosts");
        try (ConductorServer server = ConductorServer.start(settings(hosts, false))) {
            String base = "http://127.0.0.1:" + server.port();
            assertThat(hosts.resolve(UNKNOWN_HOSTS)).as("the first sync runs before start returns")
                    .hasContent("*:*:*:*:*:*,ignore");
            String uuid = enrollNodeWithPort(base);

            awaitContent(hosts.resolve(NODE_FILE), NODE_MAC + ",ignore", "an enrolled node that is not booting");
            assertThat(script(base, UNKNOWN_MAC)).as("no inspection runs: unknown machines boot on")
                    .doesNotContain("ipa-inspection-callback-url").contains("exit");
            assertThat(script(base, NODE_FILE)).as("an idle node's MAC is not mistaken for an unknown machine")
                    .doesNotContain("ipa-inspection-callback-url").contains("enrolled node");

            provision(base, uuid, "manage", "manageable");
            provision(base, uuid, "inspect", "inspect wait");

            awaitContent(hosts.resolve(NODE_FILE), NODE_MAC, "the node while it inspects");
            awaitContent(hosts.resolve(UNKNOWN_HOSTS), "*:*:*:*:*:*", "unknown machines while a node inspects");
            String discovery = script(base, UNKNOWN_MAC);
            assertThat(discovery).contains("ipa-inspection-callback-url=http://127.0.0.1:6385/v1/continue",
                    "http://127.0.0.1:6385/boot/files/discovery/vmlinuz",
                    "http://127.0.0.1:6385/boot/files/discovery/initramfs");
            assertThat(discovery).as("an unknown machine has no node to look up or token to hold")
                    .doesNotContain("ipa-api-url", "ipa-agent-token");
            assertThat(script(base, NODE_FILE)).as("the inspected node boots its own script")
                    .contains("ipa-api-url=", "ipa-inspection-callback-url=");

            provision(base, uuid, "abort", "inspect failed");

            awaitContent(hosts.resolve(UNKNOWN_HOSTS), "*:*:*:*:*:*,ignore", "unknown machines after the inspection");
            awaitContent(hosts.resolve(NODE_FILE), NODE_MAC + ",ignore", "the node after its inspection");
            // The sync denies in DHCP first and then stops serving the discovery script: wait for the second step.
            await(() -> {
                try {
                    return script(base, UNKNOWN_MAC);
                } catch (Exception e) {
                    return "<" + e + ">";
                }
            }, "exit", "unknown machines boot on after the inspection");
            assertThat(script(base, UNKNOWN_MAC)).doesNotContain("ipa-inspection-callback-url");
        }
    }

    @Test
    void discoveryKeepsUnknownMachinesAdmittedWithoutAnyInspection() throws Exception {
        Path hosts = temp.resolve("dhcp-hosts");
        try (ConductorServer server = ConductorServer.start(settings(hosts, true))) {
            String base = "http://127.0.0.1:" + server.port();
            enrollNodeWithPort(base);

            assertThat(hosts.resolve(UNKNOWN_HOSTS)).hasContent("*:*:*:*:*:*");
            assertThat(script(base, UNKNOWN_MAC)).contains("ipa-inspection-callback-url=");
            // The node's own ignore record wins over the wildcard in dnsmasq: enrolled and idle stays ignored.
            awaitContent(hosts.resolve(NODE_FILE), NODE_MAC + ",ignore", "an idle node with discovery on");
            assertThat(script(base, NODE_FILE)).doesNotContain("ipa-inspection-callback-url");
        }
    }

    @Test
    void aRestartCorrectsAStaleDirectoryInItsFirstSyncAndSignalsDnsmasqOnceItRuns() throws Exception {
        Path hosts = temp.resolve("dhcp-hosts");
        try (ConductorServer server = ConductorServer.start(settings(hosts, false))) {
            enrollNodeWithPort("http://127.0.0.1:" + server.port());
        }
        // While the conductor was down: a wrong record for the node, a file of a port that is gone,
        // unknown machines left open, and a file that is not the filter's.
        Files.writeString(hosts.resolve(NODE_FILE), NODE_MAC + "\n");
        Files.writeString(hosts.resolve("52-54-00-00-00-99"), "52:54:00:00:00:99\n");
        Files.writeString(hosts.resolve(UNKNOWN_HOSTS), "*:*:*:*:*:*\n");
        Files.writeString(hosts.resolve("README"), "operator notes\n");
        // dnsmasq is not running yet (its PID file is absent): the start must not fail for that.
        Path pidFile = temp.resolve("dnsmasq.pid");
        Path hangUps = temp.resolve("hangups");
        Process dnsmasq = null;
        try {
            ConductorSettings plain = settings(hosts, false);
            PxeFilterSettings filter = plain.pxeFilter();
            ConductorSettings signalling = new ConductorSettings(plain.host(), plain.port(), plain.publicUrl(),
                    plain.dataDir(), plain.databaseUrl(), plain.auth(), plain.bootFiles(), plain.automatedClean(),
                    plain.name(), plain.heartbeatInterval(), plain.sweepInterval(), plain.cleanStepPriorities(),
                    plain.dhcpHostsDirectory(), plain.kernelParameters(), plain.agentCaFile(), plain.inspect(),
                    new PxeFilterSettings(filter.discovery(), filter.syncInterval(), filter.discoveryKernel(),
                            filter.discoveryRamdisk(), Optional.of(pidFile)));

            try (ConductorServer server = ConductorServer.start(signalling)) {
                assertThat(hosts.resolve(NODE_FILE)).hasContent(NODE_MAC + ",ignore");
                assertThat(hosts.resolve("52-54-00-00-00-99")).as("the port is gone").doesNotExist();
                assertThat(hosts.resolve(UNKNOWN_HOSTS)).hasContent("*:*:*:*:*:*,ignore");
                assertThat(hosts.resolve("README")).as("not a MAC file: left alone").hasContent("operator notes");
                assertThat(script("http://127.0.0.1:" + server.port(), UNKNOWN_MAC))
                        .doesNotContain("ipa-inspection-callback-url");

                // A stand-in for dnsmasq that records each SIGHUP it gets, started late: the owed signal
                // reaches it on a later periodic sync.
                dnsmasq = HangupStandIn.start(hangUps);
                Files.writeString(pidFile, dnsmasq.pid() + "\n");
                awaitContent(hangUps, "hup", "dnsmasq signalled to forget the deleted file");
            }
        } finally {
            if (dnsmasq != null) {
                dnsmasq.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void optionsGiveDiscoveryTheSyncIntervalAndThePidFileAndRefuseBadOnes() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--discovery", "--pxe-filter-interval", "30",
                "--discovery-kernel", "http://10.0.0.1/ipa.kernel");

        PxeFilterSettings filter = command.settings().pxeFilter();

        assertThat(filter).isEqualTo(new PxeFilterSettings(true, Duration.ofSeconds(30), "http://10.0.0.1/ipa.kernel",
                PxeFilterSettings.DEFAULT_RAMDISK, Optional.empty()));
        ConductorCommand defaults = new ConductorCommand();
        new CommandLine(defaults.spec()).parseArgs("--noauth");
        assertThat(defaults.settings().pxeFilter()).isEqualTo(PxeFilterSettings.defaults());

        // settings() is what call() starts the server with; a ParameterException is picocli's exit 2.
        ConductorCommand zero = new ConductorCommand();
        new CommandLine(zero.spec()).parseArgs("--noauth", "--pxe-filter-interval", "0");
        assertThatThrownBy(zero::settings).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--pxe-filter-interval must be at least 1 second");
        ConductorCommand pidWithoutHosts = new ConductorCommand();
        new CommandLine(pidWithoutHosts.spec()).parseArgs("--noauth", "--dnsmasq-pid-file", "/run/dnsmasq.pid");
        assertThatThrownBy(pidWithoutHosts::settings).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--dnsmasq-pid-file needs --dhcp-hosts-dir");
        ConductorCommand pid = new ConductorCommand();
        new CommandLine(pid.spec()).parseArgs("--noauth", "--dhcp-hosts-dir", "/srv/hosts", "--dnsmasq-pid-file",
                "/run/dnsmasq.pid");
        assertThat(pid.settings().pxeFilter().dnsmasqPidFile()).contains(Path.of("/run/dnsmasq.pid"));
    }

    private String enrollNodeWithPort(String base) throws Exception {
        var created = send("POST", base + "/v1/nodes", """
                {"driver": "fake-hardware", "boot_interface": "ipxe", "inspect_interface": "agent",
                 "driver_info": {"deploy_kernel": "vmlinuz", "deploy_ramdisk": "initramfs"}}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String uuid = created.body().replaceAll(".*\"uuid\":\"([0-9a-f-]+)\".*", "$1");
        var port = send("POST", base + "/v1/ports", "{\"address\": \"" + NODE_MAC + "\", \"node_uuid\": \"" + uuid + "\"}");
        assertThat(port.statusCode()).as(port.body()).isEqualTo(201);
        return uuid;
    }

    private String script(String base, String mac) throws Exception {
        var response = send("GET", base + "/boot/" + mac + ".ipxe", null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    private HttpResponse<String> send(String method, String url, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url)).header("X-OpenStack-Ironic-API-Version", "latest")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private void provision(String base, String uuid, String target, String state) throws Exception {
        var response = send("PUT", base + "/v1/nodes/" + uuid + "/states/provision", "{\"target\": \"" + target + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        await(() -> {
            try {
                return send("GET", base + "/v1/nodes/" + uuid, null).body();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "\"provision_state\":\"" + state + "\"", "node reaching " + state + " after " + target);
    }

    private static void awaitContent(Path file, String record, String what) {
        await(() -> {
            try {
                return Files.exists(file) ? Files.readString(file) : "<no file>";
            } catch (java.io.IOException e) {
                return "<unreadable: " + e.getMessage() + ">";
            }
        }, record + "\n", what);
    }

    /** Polls until {@code read} gives (or, for file records, equals) {@code expected}; a generous bound, not a timing claim. */
    private static void await(Supplier<String> read, String expected, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String seen = read.get();
        while (!(expected.endsWith("\n") ? seen.equals(expected) : seen.contains(expected))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": expected " + expected.strip() + ", still " + seen.strip());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
            seen = read.get();
        }
    }
}
