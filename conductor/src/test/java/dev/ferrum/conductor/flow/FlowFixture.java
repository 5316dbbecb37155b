package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.ApiPaths;
import dev.ferrum.conductor.api.IronicApi;
import dev.ferrum.conductor.driver.DriverConfig;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.InterfaceCatalog;
import dev.ferrum.conductor.driver.boot.FakeBoot;
import dev.ferrum.conductor.driver.boot.NoopBoot;
import dev.ferrum.conductor.driver.deploy.DirectDeploy;
import dev.ferrum.conductor.driver.deploy.FakeDeploy;
import dev.ferrum.conductor.driver.deploy.NoopDeploy;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.inspect.AgentInspect;
import dev.ferrum.conductor.driver.inspect.FakeInspect;
import dev.ferrum.conductor.driver.inspect.NoInspect;
import dev.ferrum.conductor.driver.management.FakeManagement;
import dev.ferrum.conductor.driver.management.NoopManagement;
import dev.ferrum.conductor.driver.power.FakePower;
import dev.ferrum.conductor.driver.power.NoopPower;
import dev.ferrum.conductor.driver.rescue.AgentRescue;
import dev.ferrum.conductor.driver.rescue.FakeRescue;
import dev.ferrum.conductor.driver.rescue.NoRescue;
import dev.ferrum.conductor.inspection.InspectionConfig;
import dev.ferrum.conductor.inspection.InspectionProcessor;
import dev.ferrum.conductor.inspection.InspectionService;
import dev.ferrum.conductor.inspection.ProcessingHooks;
import dev.ferrum.conductor.inspection.rules.RuleBook;
import dev.ferrum.conductor.inspection.rules.RulesService;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.ramdisk.RamdiskConfig;
import dev.ferrum.conductor.ramdisk.RamdiskService;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.webserver.WebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A whole conductor on loopback: SQLite store in a temp dir, the Ironic API with the real flows, the
 * ramdisk endpoints, fake power/boot/management; plus an HTTP client that plays operator and ramdisk.
 */
final class FlowFixture implements AutoCloseable {
    static final String CONDUCTOR = "flow-conductor";
    /**
     * The fields {@link #createNode} adds for a direct deploy of a raw whole-disk image (never fetched: the
     * fake agent only reports the write).
     */
    static final String DIRECT_RAW_IMAGE = ",\"deploy_interface\":\"direct\",\"instance_info\":{"
            + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\",\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\","
            + "\"image_disk_format\":\"raw\"}";

    final ObjectMapper json = WireJson.newMapper();
    final MutableClock clock = new MutableClock();
    final Store store;
    final FakePower power = new FakePower();
    final FakeBoot boot = new FakeBoot();
    final FakeManagement management = new FakeManagement();
    final ConductorFlows flows;
    final DriverRegistry drivers;
    final IronicApi api;
    /** What processes the ramdisk's inspection reports (and finishes an inspection after a takeover). */
    final InspectionProcessor inspections;
    final WebServer server;
    final String base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Reply(int status, String raw, JsonNode body) {
    }

    FlowFixture(Path temp, FlowConfig config) {
        this(temp, config, RamdiskConfig.defaults());
    }

    FlowFixture(Path temp, FlowConfig config, RamdiskConfig ramdiskConfig) {
        this(temp, config, ramdiskConfig, new dev.ferrum.conductor.driver.bios.FakeBios());
    }

    /** With {@code bios} as fake-hardware's {@code fake} BIOS slot. */
    FlowFixture(Path temp, FlowConfig config, RamdiskConfig ramdiskConfig,
                dev.ferrum.conductor.driver.bios.BiosInterface bios) {
        this(temp, config, ramdiskConfig, bios, InspectionConfig.defaults());
    }

    /** With {@code inspection} as how inspection reports are processed. */
    FlowFixture(Path temp, FlowConfig config, RamdiskConfig ramdiskConfig,
                dev.ferrum.conductor.driver.bios.BiosInterface bios, InspectionConfig inspection) {
        this(temp, config, ramdiskConfig, bios, inspection, new ApiAuth.NoAuth());
    }

    /** With {@code auth} as how the API authenticates operators. */
    FlowFixture(Path temp, FlowConfig config, ApiAuth auth) {
        this(temp, config, RamdiskConfig.defaults(), new dev.ferrum.conductor.driver.bios.FakeBios(),
                InspectionConfig.defaults(), auth);
    }

    /** On the database {@code database} names (SQLite or PostgreSQL) instead of SQLite under {@code temp}. */
    FlowFixture(StoreConfig database, FlowConfig config) {
        this(database, config, RamdiskConfig.defaults(), new dev.ferrum.conductor.driver.bios.FakeBios(),
                InspectionConfig.defaults(), new ApiAuth.NoAuth());
    }

    private FlowFixture(Path temp, FlowConfig config, RamdiskConfig ramdiskConfig,
                dev.ferrum.conductor.driver.bios.BiosInterface bios, InspectionConfig inspection, ApiAuth auth) {
        this(new StoreConfig.Sqlite(temp.resolve("data"), Duration.ofSeconds(10), 4), config, ramdiskConfig, bios,
                inspection, auth);
    }

    private FlowFixture(StoreConfig database, FlowConfig config, RamdiskConfig ramdiskConfig,
                dev.ferrum.conductor.driver.bios.BiosInterface bios, InspectionConfig inspection, ApiAuth auth) {
        store = Store.open(database, clock);
        InterfaceCatalog catalog = InterfaceCatalog.empty()
                .power(power).power(new NoopPower())
                .management(management).management(new NoopManagement())
                .boot(boot).boot(new NoopBoot())
                .deploy(new FakeDeploy()).deploy(new DirectDeploy()).deploy(new NoopDeploy())
                .inspect(new FakeInspect()).inspect(new NoInspect()).inspect(new AgentInspect())
                .rescue(new FakeRescue()).rescue(new NoRescue()).rescue(new AgentRescue())
                .bios(bios).firmware(new dev.ferrum.conductor.driver.firmware.FakeFirmware());
        drivers = new DriverRegistry(DriverConfig.of(List.of("fake-hardware", "manual-management"), CONDUCTOR),
                HardwareTypes.builtIn(), catalog);
        flows = new ConductorFlows(store, drivers, new AgentClient(new AgentClientConfig(Duration.ofSeconds(2),
                Duration.ofSeconds(10))), config, CONDUCTOR, clock);
        api = new IronicApi(new ApiConfig(ApiConfig.SUPPORTED, auth, 1 << 20, CONDUCTOR, true), store,
                flows, new RegistryDriverCatalog(drivers), json, clock);
        RamdiskService ramdisk = new RamdiskService(api.endpoints(), store, CONDUCTOR, ramdiskConfig, flows,
                clock, new SecureRandom());
        RuleBook rules = new RuleBook(store.inspectionRules(), java.util.List.of());
        inspections = new InspectionProcessor(store, drivers, CONDUCTOR, clock, inspection,
                ProcessingHooks.load(inspection.hooks()), flows::submit, rules);
        server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> {
            r.addFilter(new ApiPaths(java.util.Set.of("boot")));
            r.register(ramdisk);
            r.register(new InspectionService(api.endpoints(), store, flows, inspections));
            r.register(new RulesService(api.endpoints(), rules));
            r.register(api);
        }).build().start();
        base = "http://127.0.0.1:" + server.port();
    }

    Reply send(String method, String path, Optional<String> body, Optional<String> version) {
        return send(method, path, body, version.map(v -> java.util.Map.of("X-OpenStack-Ironic-API-Version", v))
                .orElse(java.util.Map.of())).reply();
    }

    /** A reply with its headers, for tests that compare them with a capture. */
    record FullReply(Reply reply, java.net.http.HttpHeaders headers) {
    }

    /** Sends exactly {@code headers} (plus the client's own); a body goes out as given. */
    FullReply send(String method, String path, Optional<String> body, java.util.Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .method(method, body.map(HttpRequest.BodyPublishers::ofString).orElse(HttpRequest.BodyPublishers.noBody()));
        if (body.isPresent() && !headers.containsKey("Content-Type")) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode parsed;
            try {
                parsed = response.body().isEmpty() ? MissingNode.getInstance() : json.readTree(response.body());
            } catch (IOException notJson) {
                parsed = MissingNode.getInstance();
            }
            return new FullReply(new Reply(response.statusCode(), response.body(), parsed), response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Reply get(String path, String version) {
        return send("GET", path, Optional.empty(), Optional.of(version));
    }

    Reply post(String path, String body, String version) {
        return send("POST", path, Optional.of(body), Optional.of(version));
    }

    Reply expect(int status, Reply reply) {
        if (reply.status() != status) {
            throw new AssertionError("expected HTTP " + status + " but got " + reply.status() + ": " + reply.raw());
        }
        return reply;
    }

    /** The faultstring of Ironic's error body. */
    String fault(Reply reply) {
        try {
            return json.readTree(reply.body().get("error_message").asText()).get("faultstring").asText();
        } catch (IOException e) {
            throw new AssertionError("not an Ironic error body: " + reply.raw(), e);
        }
    }

    /** Creates a node with one port and returns its uuid. */
    UUID createNode(String name, String mac, String extraFields) {
        Reply node = expect(201, post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"" + name + "\""
                + extraFields + "}", "latest"));
        String uuid = node.body().get("uuid").asText();
        expect(201, post("/v1/ports", "{\"address\":\"" + mac + "\",\"node_uuid\":\"" + uuid + "\"}", "latest"));
        return UUID.fromString(uuid);
    }

    /**
     * A node with one port ({@link #createNode}) deploying a raw image through the API, left in {@code wait call-back}
     * for a ramdisk to look it up.
     */
    UUID deployWaiting(String name, String mac) {
        UUID node = createNode(name, mac, DIRECT_RAW_IMAGE);
        provision(node, "manage");
        await(node, ProvisionState.MANAGEABLE);
        provision(node, "provide");
        await(node, ProvisionState.AVAILABLE);
        provision(node, "active");
        await(node, ProvisionState.DEPLOY_WAIT);
        return node;
    }

    void provision(UUID node, String target) {
        provisionWith(node, "{\"target\":\"" + target + "\"}");
    }

    void provisionWith(UUID node, String body) {
        expect(202, send("PUT", "/v1/nodes/" + node + "/states/provision", Optional.of(body), Optional.of("latest")));
    }

    /** Waits until the node is in {@code state}, failing fast when it lands in a different stable state. */
    Node await(UUID uuid, ProvisionState state) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node node = store.nodes().get(uuid);
            if (node.provisionState() == state && node.reservation().isEmpty()) {
                return node;
            }
            if ((node.provisionState().isStable() || node.provisionState().isFailed()) && node.provisionState() != state
                    && node.reservation().isEmpty()) {
                throw new AssertionError("node=" + uuid + " landed in " + node.provisionState() + " waiting for "
                        + state + "; last_error=" + node.lastError().orElse(""));
            }
            sleep(20);
        }
        throw new AssertionError("node=" + uuid + " did not reach " + state + ", still "
                + store.nodes().get(uuid).provisionState());
    }

    /** Plays the ramdisk: looks the node up by MAC, then heartbeats until the node reaches {@code state}. */
    Node runAgent(FakeAgent agent, String mac, UUID uuid, ProvisionState state) {
        return runAgent(agent, mac, uuid, state, "");
    }

    /** As above, each heartbeat also carrying {@code extraFields} (JSON members, each with a leading comma). */
    Node runAgent(FakeAgent agent, String mac, UUID uuid, ProvisionState state, String extraFields) {
        return heartbeatUntil(agent, uuid, lookup(agent, mac), state, extraFields);
    }

    /** Looks the node up by MAC as the ramdisk does; the agent takes the token issued, which is returned. */
    String lookup(FakeAgent agent, String mac) {
        Reply lookup = expect(200, get("/v1/lookup?addresses=" + mac, "1.68"));
        String token = lookup.body().path("config").path("agent_token").asText();
        agent.token(token);
        return token;
    }

    /**
     * Heartbeats with {@code token} (an agent that looked up before and kept running, say through a hold) until
     * the node reaches {@code state}.
     */
    Node heartbeatUntil(FakeAgent agent, UUID uuid, String token, ProvisionState state, String extraFields) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node node = store.nodes().get(uuid);
            if (node.reservation().isEmpty() && node.provisionState() == state) {
                return node;
            }
            if (node.reservation().isEmpty() && node.provisionState().isFailed()) {
                throw new AssertionError("node=" + uuid + " failed: " + node.lastError().orElse(""));
            }
            Reply beat = heartbeatOf(agent, uuid, "{\"callback_url\":\"" + agent.url() + "\",\"agent_token\":\""
                    + token + "\",\"agent_version\":\"9.4.3\"" + extraFields + "}");
            if (beat.status() != 202) {
                // The flow may have ended (and forgotten the token) between the check above and this
                // heartbeat; the refusal is then right, as Ironic's is. Anything else is a failure.
                try {
                    return await(uuid, state);
                } catch (AssertionError notThere) {
                    expect(202, beat);
                }
            }
            sleep(150);
        }
        throw new AssertionError("node=" + uuid + " did not reach " + state + ", still "
                + store.nodes().get(uuid).provisionState());
    }

    /** Waits until the node is unlocked and satisfies {@code condition}; {@code what} names it in the failure. */
    Node awaitNode(UUID uuid, java.util.function.Predicate<Node> condition, String what) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node node = store.nodes().get(uuid);
            if (node.reservation().isEmpty() && condition.test(node)) {
                return node;
            }
            sleep(20);
        }
        throw new AssertionError("node=" + uuid + " never " + what + "; internal=" + store.nodes().get(uuid)
                .internal());
    }

    /** One heartbeat of {@code agent} for the node, with the token its lookup got; Ironic's 202 expected. */
    void heartbeat(FakeAgent agent, UUID node, String token) {
        expect(202, heartbeatOf(agent, node, "{\"callback_url\":\"" + agent.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"ferrum-test\"}"));
    }

    /** Posts a heartbeat as {@code agent}'s kind sends it: Ferrum's says where it reads its token, IPA's does not. */
    private Reply heartbeatOf(FakeAgent agent, UUID node, String body) {
        java.util.Map<String, String> headers = agent.readsBearerTokens()
                ? java.util.Map.of("X-OpenStack-Ironic-API-Version", "1.68",
                        dev.ferrum.protocol.api.ApiHeaders.AGENT_TOKEN_TRANSPORT, dev.ferrum.protocol.api.ApiHeaders.BEARER)
                : java.util.Map.of("X-OpenStack-Ironic-API-Version", "1.68");
        return send("POST", "/v1/heartbeat/" + node, Optional.of(body), headers).reply();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop();
        flows.close();
        store.close();
    }
}
