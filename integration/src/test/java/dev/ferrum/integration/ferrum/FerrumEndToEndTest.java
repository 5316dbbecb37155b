package dev.ferrum.integration.ferrum;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.IronicApi;
import dev.ferrum.conductor.driver.DriverConfig;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.InterfaceCatalog;
import dev.ferrum.conductor.driver.boot.FakeBoot;
import dev.ferrum.conductor.driver.deploy.DirectDeploy;
import dev.ferrum.conductor.driver.deploy.FakeDeploy;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.inspect.FakeInspect;
import dev.ferrum.conductor.driver.management.FakeManagement;
import dev.ferrum.conductor.driver.power.FakePower;
import dev.ferrum.conductor.flow.ConductorFlows;
import dev.ferrum.conductor.flow.FlowConfig;
import dev.ferrum.conductor.flow.RegistryDriverCatalog;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.ramdisk.RamdiskConfig;
import dev.ferrum.conductor.ramdisk.RamdiskService;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.sandbox.FileServer;
import io.helidon.webserver.WebServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both Ferrum tiers together: Ferrum's conductor (API, ramdisk endpoints, deploy flow; fake power
 * and boot) deploys an image through Ferrum's real agent, which runs as its own process on a
 * fixture machine whose disk is a sparse file.
 */
class FerrumEndToEndTest {
    private static final String CONDUCTOR = "e2e-conductor";

    private final ObjectMapper json = WireJson.newMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private Store store;
    private ConductorFlows flows;
    private WebServer server;
    private FileServer images;
    private AgentProcess agent;

    @TempDir
    Path temp;

    @AfterEach
    void stop() throws InterruptedException {
        if (agent != null) {
            agent.close();
        }
        if (server != null) {
            server.stop();
        }
        if (flows != null) {
            flows.close();
        }
        if (images != null) {
            images.close();
        }
        if (store != null) {
            store.close();
        }
    }

    private String startConductor() {
        Clock clock = Clock.systemUTC();
        store = Store.open(new StoreConfig.Sqlite(temp.resolve("conductor"), Duration.ofSeconds(10), 4), clock);
        InterfaceCatalog catalog = InterfaceCatalog.empty()
                .power(new FakePower()).management(new FakeManagement()).boot(new FakeBoot())
                .deploy(new FakeDeploy()).deploy(new DirectDeploy()).inspect(new FakeInspect())
                .rescue(new dev.ferrum.conductor.driver.rescue.FakeRescue());
        DriverRegistry drivers = new DriverRegistry(DriverConfig.of(List.of("fake-hardware"), CONDUCTOR),
                HardwareTypes.builtIn(), catalog);
        flows = new ConductorFlows(store, drivers, new AgentClient(AgentClientConfig.defaults()),
                FlowConfig.defaults().withAutomatedClean(false), CONDUCTOR, clock);
        IronicApi api = new IronicApi(new ApiConfig(ApiConfig.SUPPORTED, new ApiAuth.NoAuth(), 1 << 20, CONDUCTOR, true),
                store, flows, new RegistryDriverCatalog(drivers), json, clock);
        RamdiskService ramdisk = new RamdiskService(api.endpoints(), store, CONDUCTOR, RamdiskConfig.defaults(), flows,
                clock, new SecureRandom());
        server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> {
            r.register(ramdisk);
            r.register(api);
        }).build().start();
        return "http://127.0.0.1:" + server.port();
    }

    private JsonNode call(String method, String url, String body, int expected) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("X-OpenStack-Ironic-API-Version", "latest")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + url + ": " + response.body()).isEqualTo(expected);
        return response.body().isEmpty() ? json.nullNode() : json.readTree(response.body());
    }

    private Node await(UUID uuid, ProvisionState state, Duration budget) throws InterruptedException {
        Instant until = Instant.now().plus(budget);
        Node node = store.nodes().get(uuid);
        while (Instant.now().isBefore(until)) {
            node = store.nodes().get(uuid);
            if (node.provisionState() == state && node.reservation().isEmpty()) {
                return node;
            }
            if (node.provisionState().isFailed()) {
                break;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("node " + uuid + " did not reach '" + state.wireName() + "': it is '"
                + node.provisionState().wireName() + "', last_error: " + node.lastError().orElse("none")
                + (agent == null ? "" : "\n--- agent log:\n" + agent.log()));
    }

    @Test
    void ferrumsConductorDeploysAnImageThroughFerrumsAgent() throws Exception {
        byte[] image = new byte[4 << 20];
        new Random(11).nextBytes(image);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        images = new FileServer(Map.of("disk.raw", image));
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        String api = startConductor();

        JsonNode created = call("POST", api + "/v1/nodes", json.writeValueAsString(Map.of(
                "driver", "fake-hardware", "name", "e2e-node", "deploy_interface", "direct",
                "instance_info", Map.of("image_source", images.url("disk.raw"), "image_os_hash_algo", "sha256",
                        "image_os_hash_value", sha256, "image_disk_format", "raw"))), 201);
        UUID node = UUID.fromString(created.path("uuid").asText());
        call("POST", api + "/v1/ports", json.writeValueAsString(Map.of("address", FixtureMachine.MAC,
                "node_uuid", node.toString())), 201);
        call("PUT", api + "/v1/nodes/" + node + "/states/provision", "{\"target\":\"manage\"}", 202);
        await(node, ProvisionState.MANAGEABLE, Duration.ofSeconds(30));
        call("PUT", api + "/v1/nodes/" + node + "/states/provision", "{\"target\":\"provide\"}", 202);
        await(node, ProvisionState.AVAILABLE, Duration.ofSeconds(30));

        call("PUT", api + "/v1/nodes/" + node + "/states/provision", "{\"target\":\"active\"}", 202);
        await(node, ProvisionState.DEPLOY_WAIT, Duration.ofSeconds(30));
        // The fake power driver "boots" the machine: start the agent as the ramdisk would.
        agent = AgentProcess.start(machine, api, temp.resolve("agent.log"));
        Node deployed = await(node, ProvisionState.ACTIVE, Duration.ofMinutes(3));

        assertThat(deployed.lastError()).isEmpty();
        assertThat(machine.diskHead(image.length)).as("the root disk holds the image").isEqualTo(image);
        JsonNode history = call("GET", api + "/v1/nodes/" + node + "/history", null, 200);
        assertThat(history.path("history").toString()).contains("wait call-back");
    }
}
