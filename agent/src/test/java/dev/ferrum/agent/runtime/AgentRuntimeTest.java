package dev.ferrum.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.conductor.WebClientTransport;
import dev.ferrum.agent.config.AgentConfigParser;
import dev.ferrum.agent.config.KernelCommandLine;
import dev.ferrum.agent.config.TlsSettings;
import dev.ferrum.agent.extension.AgentDeploySteps;
import dev.ferrum.agent.extension.ImageDeployer;
import dev.ferrum.agent.system.FakePowerControl;
import dev.ferrum.agent.system.SystemLogCollector;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.json.WireJson;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentRuntimeTest {
    private final ObjectMapper json = WireJson.newMapper();
    private final FakeConductor conductor = new FakeConductor();
    private final FakePowerControl power = new FakePowerControl();
    private final FakeCommandRunner commands = new FakeCommandRunner().answer(List.of("sync"), "");
    private final RecordingDeployer deployer = new RecordingDeployer();
    private final List<dev.ferrum.hardware.spi.BmcCredentials> bmcUsers = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private AgentRuntime runtime;

    @TempDir
    Path root;

    /** Records write requests and answers like a successful write. */
    private final class RecordingDeployer implements ImageDeployer {
        final List<WriteImageArgs> writes = new CopyOnWriteArrayList<>();

        @Override
        public JsonNode write(WriteImageArgs args, ObjectNode node, JsonProgress progress) {
            progress.follow(() -> json.createObjectNode().put("bytes_written", 512));
            writes.add(args);
            return json.createObjectNode().put("root_device", "/dev/vda").put("bytes_written", 1024);
        }

        @Override
        public ObjectNode partitionUuids() {
            return json.createObjectNode();
        }
    }

    @AfterEach
    void stop() {
        if (runtime != null) {
            runtime.close();
        }
        conductor.close();
    }

    private AgentRuntime agent(String cmdline, Clock clock, dev.ferrum.agent.time.Sleeper sleeper) {
        var config = AgentConfigParser.parse(KernelCommandLine.parse(cmdline), Map.of());
        var machine = new MachineContext(root, commands);
        var registry = HardwareManagerRegistry.select(new HardwareManagerDiscovery.Discovered(
                List.of(new FixtureMachine(), new AgentDeploySteps(deployer), new BmcUserSetter(bmcUsers)), List.of()),
                machine);
        var transport = new WebClientTransport(TlsSettings.DEFAULT, Duration.ofSeconds(5), json);
        runtime = new AgentRuntime(new AgentServices(config, registry, transport, deployer, power,
                new SystemLogCollector(commands, root.resolve("proc"), List.of()), json, clock, sleeper,
                new SplittableRandom(7), Duration.ofSeconds(5), "ferrum-test"));
        return runtime;
    }

    /** A plain-HTTP agent (auto-TLS off), so tests can call its API without its certificate. */
    private String cmdline(String extra) {
        return "ipa-api-url=" + conductor.url() + " ipa-listen-host=127.0.0.1 ipa-listen-port=0 ipa-enable-auto-tls=0 "
                + extra;
    }

    private JsonNode command(String name, String params, boolean wait) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + runtime.port() + "/v1/commands/?wait=" + wait
                + "&agent_token=" + FakeConductor.TOKEN))
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\",\"params\":" + params + "}")).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json.readTree(response.body());
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    @Test
    void looksUpHeartbeatsAndRunsADeployAsIronicDrivesIt() throws Exception {
        conductor.heartbeatTimeout = 60;
        agent(cmdline(""), Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start();

        assertThat(conductor.calls).startsWith("GET /",
                "GET /v1/lookup?addresses=02%3Afc%3A00%3A00%3A00%3A01 version=1.62");
        eventually(() -> conductor.heartbeats.size() >= 1, "the first heartbeat");
        JsonNode first = conductor.heartbeats.getFirst();
        assertThat(first.path("callback_url").asText()).isEqualTo("http://127.0.0.1:" + runtime.port());
        assertThat(first.path("agent_token").asText()).isEqualTo(FakeConductor.TOKEN);
        assertThat(first.path("agent_version").asText()).isEqualTo("ferrum-test");
        // Said on the heartbeat itself, so the conductor's first command needs no question to the agent first.
        assertThat(conductor.heartbeatTokenTransports.getFirst()).isEqualTo("bearer");

        JsonNode steps = command("deploy.get_deploy_steps", "{\"node\":{},\"ports\":[]}", true);
        assertThat(steps.path("command_result").path("deploy_steps").path("ferrum_agent").get(0).path("step").asText())
                .isEqualTo("write_image");
        Map<String, String> versions = json.convertValue(steps.path("command_result").path("hardware_manager_version"),
                json.getTypeFactory().constructMapType(Map.class, String.class, String.class));

        JsonNode started = command("deploy.execute_deploy_step", json.writeValueAsString(Map.of(
                "step", Map.of("interface", "deploy", "step", "write_image", "args", Map.of("image_info", Map.of(
                        "id", "disk.raw", "urls", List.of("http://127.0.0.1:1/disk.raw"), "disk_format", "raw",
                        "checksum", "93142d66ff3bd8fb5764418141a725dd"))),
                "node", Map.of("uuid", FakeConductor.NODE), "ports", List.of(), "deploy_version", versions)), false);
        String id = started.path("id").asText();
        var done = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + runtime.port() + "/v1/commands/" + id
                + "?wait=true")).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode result = json.readTree(done.body());
        assertThat(result.path("command_status").asText()).as(done.body()).isEqualTo("SUCCEEDED");
        assertThat(result.path("command_result").path("deploy_result").path("root_device").asText()).isEqualTo("/dev/vda");
        assertThat(deployer.writes).singleElement().satisfies(w -> assertThat(w.imageInfo().urls())
                .containsExactly("http://127.0.0.1:1/disk.raw"));
        // The finished async command brings a prompt heartbeat long before the 18-36 s interval.
        eventually(() -> conductor.heartbeats.size() >= 2, "a prompt heartbeat after the command finished");

        assertThat(command("standby.get_partition_uuids", "{}", true).path("command_result").isObject()).isTrue();
        command("standby.power_off", "{}", true);
        assertThat(power.requests()).containsExactly("power off");
        assertThat(commands.calls()).contains(List.of("sync"));
    }

    @Test
    void autoTlsServesHttpsWithTheCertificateTheHeartbeatAnnounces() throws Exception {
        conductor.heartbeatTimeout = 60;
        agent("ipa-api-url=" + conductor.url() + " ipa-listen-host=127.0.0.1 ipa-listen-port=0",
                Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start();
        eventually(() -> conductor.heartbeats.size() >= 1, "the first heartbeat");

        JsonNode beat = conductor.heartbeats.getFirst();
        assertThat(beat.path("callback_url").asText()).isEqualTo("https://127.0.0.1:" + runtime.port());
        assertThat(conductor.calls).contains("heartbeat version=1.68");
        assertThat(conductor.heartbeatTokenTransports.getFirst()).isEqualTo("bearer");
        String pem = beat.path("agent_verify_ca").asText();
        var certificate = (java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509")
                .generateCertificate(new java.io.ByteArrayInputStream(pem.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));

        // A client trusting that certificate alone reaches the API by the callback URL, name checked.
        var trust = java.security.KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("agent", certificate);
        var tmf = javax.net.ssl.TrustManagerFactory.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        var tls = javax.net.ssl.SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        var pinned = java.net.http.HttpClient.newBuilder().sslContext(tls).build();
        var reply = pinned.send(HttpRequest.newBuilder(URI.create(beat.path("callback_url").asText() + "/v1/commands/?wait=true"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"standby.sync\",\"params\":{}}"))
                .header("Authorization", "Bearer " + FakeConductor.TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
        // Plain HTTP gets nowhere on that port.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + runtime.port() + "/v1/commands/")).build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(java.io.IOException.class);
    }

    @Test
    void aTokenTheConductorWipedIsRenewedByANewLookup() throws Exception {
        // The conductor wipes a node's token when it leaves a ramdisk state (a deploy right after cleaning on
        // the same running agent) and issues a new one to the next lookup.
        conductor.heartbeatTimeout = 1;
        agent(cmdline(""), Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start();
        eventually(() -> conductor.heartbeats.size() >= 1, "the first heartbeat");
        String renewed = "renewedTokenAfterTheConductorWipedTheOldOne-0123";
        conductor.tokenToIssue = renewed;
        conductor.acceptedToken = renewed;
        int before = conductor.heartbeats.size();

        eventually(() -> conductor.heartbeats.size() > before, "a heartbeat with the renewed token");

        assertThat(conductor.calls).contains("refused heartbeat token",
                "GET /v1/lookup?node_uuid=" + FakeConductor.NODE + " version=1.62");
        assertThat(conductor.heartbeats.getLast().path("agent_token").asText()).isEqualTo(renewed);
        // Commands are now authorised by the new token, not the old one.
        String sync = "{\"name\":\"standby.sync\",\"params\":{}}";
        var old = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + runtime.port()
                + "/v1/commands/?wait=true&agent_token=" + FakeConductor.TOKEN)).POST(HttpRequest.BodyPublishers.ofString(sync))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(old.statusCode()).isEqualTo(401);
        var current = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + runtime.port()
                + "/v1/commands/?wait=true")).POST(HttpRequest.BodyPublishers.ofString(sync))
                .header("Authorization", "Bearer " + renewed).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(current.statusCode()).as(current.body()).isEqualTo(200);
    }

    @Test
    void aStepListedUnderOtherManagerVersionsIsAVersionMismatch() throws Exception {
        conductor.heartbeatTimeout = 60;
        agent(cmdline(""), Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start();

        JsonNode mismatch = command("deploy.execute_deploy_step", "{\"step\":{\"interface\":\"deploy\",\"step\":"
                + "\"write_image\",\"args\":{}},\"node\":{},\"ports\":[],\"deploy_version\":{\"fixture\":\"0.9\"}}", true);

        assertThat(mismatch.path("command_status").asText()).isEqualTo("CLEAN_VERSION_MISMATCH");
        assertThat(mismatch.path("command_error").path("details").asText()).contains("list the steps again");
        assertThat(deployer.writes).isEmpty();
    }

    @Test
    void retriesTheLookupWithBackoffUntilTheNodeIsFound() {
        conductor.lookupsToRefuse.set(3);
        FakeTime time = new FakeTime();

        agent(cmdline(""), time, time).start();

        assertThat(time.sleeps).hasSize(3);
        assertThat(time.sleeps.get(2)).isGreaterThan(time.sleeps.get(0));
        assertThat(runtime.lookup()).hasValueSatisfying(l -> assertThat(l.nodeUuid()).isEqualTo(FakeConductor.NODE));
    }

    @Test
    void aConductorThatIsDownAtBootIsRetriedUntilItAnswers() throws Exception {
        int port;
        try (var probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        List<java.time.Duration> waits = new CopyOnWriteArrayList<>();
        List<FakeConductor> late = new CopyOnWriteArrayList<>();
        // The conductor comes up during the agent's second wait: two attempts meet a closed port.
        dev.ferrum.agent.time.Sleeper sleeper = duration -> {
            waits.add(duration);
            if (waits.size() == 2) {
                FakeConductor started = new FakeConductor(port);
                started.heartbeatTimeout = 60;
                late.add(started);
            }
        };
        try {
            agent("ipa-api-url=http://127.0.0.1:" + port + " ipa-listen-host=127.0.0.1 ipa-listen-port=0",
                    Clock.systemUTC(), sleeper).start();

            assertThat(waits).hasSize(2);
            assertThat(runtime.lookup()).hasValueSatisfying(l -> assertThat(l.nodeUuid()).isEqualTo(FakeConductor.NODE));
            assertThat(late.getFirst().calls).contains("GET /");
        } finally {
            late.forEach(FakeConductor::close);
        }
    }

    @Test
    void aCommandApiThatCannotListenIsAFatalErrorNotADeadCallback() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> agent("ipa-api-url=" + conductor.url() + " ipa-listen-host=127.0.0.1 ipa-listen-port="
                    + taken.getLocalPort(), Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start())
                    .isInstanceOf(AgentException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1 port " + taken.getLocalPort());
        }
        assertThat(conductor.heartbeats).isEmpty();
    }

    @Test
    void givesUpTheLookupWithAMessageThatSaysWhatWasTried() {
        conductor.lookupsToRefuse.set(Integer.MAX_VALUE);
        FakeTime time = new FakeTime();

        assertThatThrownBy(() -> agent(cmdline("ipa-lookup-timeout=30"), time, time).start())
                .isInstanceOf(AgentException.class)
                .hasMessageContaining("lookup gave up after 30 s")
                .hasMessageContaining(FixtureMachine.MAC)
                .hasMessageContaining("404 (Node could not be found.)");
    }

    @Test
    void aMaskedTokenWithoutOneStoredIsAClearFatalError() {
        conductor.tokenToIssue = "******";

        assertThatThrownBy(() -> agent(cmdline("ipa-lookup-timeout=5"), Clock.systemUTC(),
                dev.ferrum.agent.time.Sleeper.system()).start())
                .isInstanceOf(AgentException.class)
                .hasMessageContaining("did not give this agent its token")
                .hasMessageContaining("fresh token");
    }

    @Test
    void speaksTheAgentDriverSeedsVendorPassthruToAnOldConductor() throws Exception {
        conductor.maxVersion = "1.1";

        agent(cmdline("ipa-driver-name=agent_ipmitool"), Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system())
                .start();

        assertThat(conductor.calls).contains("POST legacy lookup agent_ipmitool");
        eventually(() -> !conductor.heartbeats.isEmpty(), "a legacy heartbeat");
        assertThat(conductor.calls).contains("POST legacy heartbeat " + FakeConductor.NODE);
        assertThat(conductor.heartbeats.getFirst().path("agent_url").asText()).isEqualTo("http://127.0.0.1:" + runtime.port());
    }

    @Test
    void postsInspectionDataThenLooksUpByTheNodeTheServiceNamed() {
        conductor.heartbeatTimeout = 60;

        agent(cmdline("ipa-inspection-callback-url=" + conductor.url() + "/v1/continue ipa-inspection-collectors=default"
                + " BOOTIF=01-02-fc-00-00-00-01"), Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start();

        JsonNode report = conductor.inspections.getFirst();
        assertThat(report.path("inventory").path("interfaces").get(0).path("mac_address").asText()).isEqualTo(FixtureMachine.MAC);
        assertThat(report.path("cpus").asInt()).isEqualTo(4);
        assertThat(report.path("cpu_arch").asText()).isEqualTo("x86_64");
        assertThat(report.path("memory_mb").asLong()).isEqualTo(8192);
        assertThat(report.path("local_gb").asLong()).isEqualTo(19);
        assertThat(report.path("interfaces").path("eth0").path("ip").asText()).isEqualTo("192.0.2.2");
        assertThat(report.path("root_disk").path("name").asText()).isEqualTo("/dev/vda");
        assertThat(report.path("boot_interface").asText()).isEqualTo("01-02-fc-00-00-00-01");
        assertThat(conductor.calls).anySatisfy(call -> assertThat(call).startsWith("GET /v1/lookup?")
                .contains("node_uuid=" + FakeConductor.NODE));
    }

    @Test
    void setsTheBmcUserTheInspectionServiceAsksFor() {
        conductor.heartbeatTimeout = 60;
        conductor.bmcCredentials = java.util.Optional.of(List.of("ferrum", "n3w-pass"));

        agent(cmdline("ipa-inspection-callback-url=" + conductor.url() + "/v1/continue"), Clock.systemUTC(),
                dev.ferrum.agent.time.Sleeper.system()).start();

        assertThat(bmcUsers).containsExactly(new dev.ferrum.hardware.spi.BmcCredentials("ferrum", "n3w-pass"));
    }

    @Test
    void withCollectLldpTheInventoryCarriesTheRawTlvsPerInterface() {
        conductor.heartbeatTimeout = 60;

        agent(cmdline("ipa-inspection-callback-url=" + conductor.url() + "/v1/continue ipa-collect-lldp=1"),
                Clock.systemUTC(), dev.ferrum.agent.time.Sleeper.system()).start();

        JsonNode nic = conductor.inspections.getFirst().path("inventory").path("interfaces").get(0);
        assertThat(nic.path("lldp").toString()).isEqualTo("[[1,\"04001c73aabbcc\"],[5,\"6c6561662d3031\"],[0,\"\"]]");
    }

    /** A vendor manager that sets BMC users and hears LLDP its own way: here, by remembering and inventing. */
    static final class BmcUserSetter implements dev.ferrum.hardware.spi.HardwareManager,
            dev.ferrum.hardware.spi.BmcCredentialsWriter, dev.ferrum.hardware.spi.LldpCollector {
        private final List<dev.ferrum.hardware.spi.BmcCredentials> set;

        BmcUserSetter(List<dev.ferrum.hardware.spi.BmcCredentials> set) {
            this.set = set;
        }

        @Override
        public String name() {
            return "bmc_user_setter";
        }

        @Override
        public String version() {
            return "1.0";
        }

        @Override
        public dev.ferrum.hardware.spi.SupportLevel evaluateSupport(MachineContext machine) {
            return dev.ferrum.hardware.spi.SupportLevel.GENERIC;
        }

        @Override
        public dev.ferrum.hardware.spi.Answer<dev.ferrum.hardware.spi.NoResult> setBmcCredentials(
                MachineContext machine, dev.ferrum.hardware.spi.BmcCredentials credentials) {
            set.add(credentials);
            return dev.ferrum.hardware.spi.Answer.of(dev.ferrum.hardware.spi.NoResult.NONE);
        }

        /** Every NIC hears the same switch: a chassis id and a system name. */
        @Override
        public dev.ferrum.hardware.spi.Answer<Map<String, List<Tlv>>> collectLldp(MachineContext machine,
                List<String> interfaces) {
            Map<String, List<Tlv>> heard = new java.util.LinkedHashMap<>();
            interfaces.forEach(nic -> heard.put(nic, List.of(new Tlv(1, "04001c73aabbcc"),
                    new Tlv(5, "6c6561662d3031"), new Tlv(0, ""))));
            return dev.ferrum.hardware.spi.Answer.of(heard);
        }
    }
}
