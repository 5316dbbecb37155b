package dev.ferrum.sandbox.bmc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.sandbox.SandboxException;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One loopback Redfish service for all of a sandbox's machines, after the DMTF schema: the service
 * root, {@code /redfish/v1/Systems} with one ComputerSystem per machine (its {@code PowerState},
 * {@code Boot} override and the {@code ComputerSystem.Reset} action), each System's {@code Bios} (current
 * attributes, a {@code Settings} resource whose pending attributes a reset applies, {@code Bios.ResetBios}; see
 * {@link SimulatedBios}) with its attribute registry under {@code /redfish/v1/Registries}, an UpdateService whose
 * FirmwareInventory lists each System's BIOS and BMC versions and whose {@code SimpleUpdate} stages an image
 * until the System's next reset ({@link SimulatedFirmware}), and a SessionService. Every
 * resource but the root and the login needs a session token or HTTP basic auth. Bad requests
 * answer 400 with a Redfish error and change nothing.
 */
public final class RedfishBmc implements AutoCloseable {
    public static final String SYSTEMS = "/redfish/v1/Systems";
    public static final String SESSIONS = "/redfish/v1/SessionService/Sessions";
    /** Reset types a System accepts, by Redfish's names. */
    public static final List<String> RESET_TYPES = List.of("On", "ForceOff", "GracefulShutdown", "ForceRestart",
            "GracefulRestart", "PowerCycle");

    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, SimulatedMachine> machines;
    private final String user;
    private final String password;
    private final Set<String> tokens = ConcurrentHashMap.newKeySet();
    private final Map<String, SimulatedBios> bioses = new ConcurrentHashMap<>();
    private final Map<String, SimulatedFirmware> firmware = new ConcurrentHashMap<>();
    public static final String INVENTORY = "/redfish/v1/UpdateService/FirmwareInventory";
    private final WebServer server;

    /** Serves {@code machines} (by their names as System ids) on a free loopback port. */
    public RedfishBmc(List<SimulatedMachine> machines, String user, String password) {
        Map<String, SimulatedMachine> byId = new LinkedHashMap<>();
        machines.forEach(machine -> byId.put(machine.identity().name(), machine));
        this.machines = byId;
        byId.keySet().forEach(id -> bioses.put(id, new SimulatedBios()));
        byId.keySet().forEach(id -> firmware.put(id, new SimulatedFirmware()));
        this.user = user;
        this.password = password;
        try {
            this.server = WebServer.builder().host("127.0.0.1").port(0).routing(this::routing).build().start();
        } catch (RuntimeException e) {
            throw new SandboxException("cannot start the simulated BMC on loopback: " + e.getMessage(), e);
        }
    }

    /** The service's address, e.g. {@code http://127.0.0.1:41234}. */
    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** The path of {@code machine}'s System. */
    public static String systemPath(SimulatedMachine machine) {
        return SYSTEMS + "/" + machine.identity().name();
    }

    private void routing(HttpRouting.Builder routing) {
        routing.get("/redfish/v1", (req, res) -> send(res, Status.OK_200, serviceRoot()))
                .post(SESSIONS, this::login)
                .get(SYSTEMS, (req, res) -> {
                    if (authorized(req, res)) {
                        send(res, Status.OK_200, systemsCollection());
                    }
                })
                .get(SYSTEMS + "/{id}", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> send(res, Status.OK_200, system(machine)));
                    }
                })
                .patch(SYSTEMS + "/{id}", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> patchBoot(req, res, machine));
                    }
                })
                .post(SYSTEMS + "/{id}/Actions/ComputerSystem.Reset", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> reset(req, res, machine));
                    }
                })
                .get(SYSTEMS + "/{id}/Bios", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> send(res, Status.OK_200,
                                bios(machine).bios(json, systemPath(machine) + "/Bios")));
                    }
                })
                .get(SYSTEMS + "/{id}/Bios/Settings", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> send(res, Status.OK_200,
                                bios(machine).settings(json, systemPath(machine) + "/Bios/Settings")));
                    }
                })
                .patch(SYSTEMS + "/{id}/Bios/Settings", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> body(req, res).ifPresent(body -> {
                            try {
                                bios(machine).patch(body.path("Attributes"));
                                res.status(Status.NO_CONTENT_204).send();
                            } catch (IllegalArgumentException e) {
                                send(res, Status.BAD_REQUEST_400, error(e.getMessage()));
                            }
                        }));
                    }
                })
                .post(SYSTEMS + "/{id}/Bios/Actions/Bios.ResetBios", (req, res) -> {
                    if (authorized(req, res)) {
                        machine(req, res).ifPresent(machine -> {
                            bios(machine).resetToFactory();
                            res.status(Status.NO_CONTENT_204).send();
                        });
                    }
                })
                .get("/redfish/v1/UpdateService", (req, res) -> {
                    if (authorized(req, res)) {
                        ObjectNode service = json.createObjectNode().put("@odata.id", "/redfish/v1/UpdateService")
                                .put("Id", "UpdateService");
                        service.putObject("FirmwareInventory").put("@odata.id", INVENTORY);
                        service.putObject("Actions").putObject("#UpdateService.SimpleUpdate").put("target",
                                "/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate");
                        send(res, Status.OK_200, service);
                    }
                })
                .get(INVENTORY, (req, res) -> {
                    if (authorized(req, res)) {
                        ObjectNode collection = json.createObjectNode().put("@odata.id", INVENTORY);
                        var members = collection.putArray("Members");
                        firmware.forEach((id, fw) -> fw.versions().keySet().stream().sorted().forEach(component ->
                                members.addObject().put("@odata.id", INVENTORY + "/" + id + "-" + component)));
                        collection.put("Members@odata.count", members.size());
                        send(res, Status.OK_200, collection);
                    }
                })
                .get(INVENTORY + "/{item}", (req, res) -> {
                    if (authorized(req, res)) {
                        inventoryItem(req.path().pathParameters().get("item")).ifPresentOrElse(
                                item -> send(res, Status.OK_200, item),
                                () -> send(res, Status.NOT_FOUND_404, error("no such firmware inventory item")));
                    }
                })
                .post("/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate", (req, res) -> {
                    if (authorized(req, res)) {
                        body(req, res).ifPresent(body -> simpleUpdate(body, res));
                    }
                })
                .get("/redfish/v1/Registries/" + SimulatedBios.REGISTRY, (req, res) -> {
                    if (authorized(req, res)) {
                        send(res, Status.OK_200, SimulatedBios.registry(json,
                                "/redfish/v1/Registries/" + SimulatedBios.REGISTRY));
                    }
                });
    }

    private ObjectNode serviceRoot() {
        ObjectNode root = json.createObjectNode().put("@odata.id", "/redfish/v1").put("Id", "RootService")
                .put("Name", "Ferrum sandbox BMC").put("RedfishVersion", "1.6.0");
        root.putObject("Systems").put("@odata.id", SYSTEMS);
        root.putObject("SessionService").put("@odata.id", "/redfish/v1/SessionService");
        root.putObject("UpdateService").put("@odata.id", "/redfish/v1/UpdateService");
        return root;
    }

    private ObjectNode systemsCollection() {
        ObjectNode collection = json.createObjectNode().put("@odata.id", SYSTEMS)
                .put("Name", "Computer System Collection");
        var members = collection.putArray("Members");
        machines.values().forEach(machine -> members.addObject().put("@odata.id", systemPath(machine)));
        collection.put("Members@odata.count", members.size());
        return collection;
    }

    private ObjectNode system(SimulatedMachine machine) {
        String path = systemPath(machine);
        SimulatedMachine.BootOverride boot = machine.bootOverride();
        ObjectNode system = json.createObjectNode().put("@odata.id", path)
                .put("@odata.type", "#ComputerSystem.v1_10_0.ComputerSystem")
                .put("Id", machine.identity().name()).put("Name", machine.identity().name())
                .put("Manufacturer", "Ferrum Sandbox").put("Model", "Simulated Server")
                .put("SerialNumber", machine.identity().serial())
                .put("PowerState", machine.isOn() ? "On" : "Off");
        ObjectNode bootNode = system.putObject("Boot").put("BootSourceOverrideTarget", boot.target())
                .put("BootSourceOverrideEnabled", boot.enabled());
        var allowed = bootNode.putArray("BootSourceOverrideTarget@Redfish.AllowableValues");
        SimulatedMachine.BOOT_TARGETS.forEach(allowed::add);
        ObjectNode reset = system.putObject("Actions").putObject("#ComputerSystem.Reset")
                .put("target", path + "/Actions/ComputerSystem.Reset");
        var types = reset.putArray("ResetType@Redfish.AllowableValues");
        RESET_TYPES.forEach(types::add);
        return system;
    }

    private void patchBoot(ServerRequest req, ServerResponse res, SimulatedMachine machine) {
        Optional<JsonNode> body = body(req, res);
        if (body.isEmpty()) {
            return;
        }
        JsonNode boot = body.get().path("Boot");
        if (!boot.isObject()) {
            send(res, Status.BAD_REQUEST_400, error("only Boot (BootSourceOverrideTarget, BootSourceOverrideEnabled) "
                    + "can be changed on a sandbox System"));
            return;
        }
        SimulatedMachine.BootOverride current = machine.bootOverride();
        try {
            machine.overrideBoot(new SimulatedMachine.BootOverride(
                    boot.path("BootSourceOverrideTarget").asText(current.target()),
                    boot.path("BootSourceOverrideEnabled").asText(current.enabled())));
        } catch (IllegalArgumentException e) {
            send(res, Status.BAD_REQUEST_400, error(e.getMessage()));
            return;
        }
        res.status(Status.NO_CONTENT_204).send();
    }

    private void reset(ServerRequest req, ServerResponse res, SimulatedMachine machine) {
        Optional<JsonNode> body = body(req, res);
        if (body.isEmpty()) {
            return;
        }
        String type = body.get().path("ResetType").asText("");
        switch (type) {
            case "On" -> {
                bios(machine).applyPending();
                firmware.get(machine.identity().name()).applyStaged();
                machine.powerOn();
            }
            case "ForceOff", "GracefulShutdown" -> machine.powerOff();
            case "ForceRestart", "GracefulRestart", "PowerCycle" -> {
                // The firmware takes pending BIOS settings while the machine starts again.
                bios(machine).applyPending();
                firmware.get(machine.identity().name()).applyStaged();
                machine.restart();
            }
            default -> {
                send(res, Status.BAD_REQUEST_400, error("ResetType '" + type + "' is not one of " + RESET_TYPES));
                return;
            }
        }
        res.status(Status.NO_CONTENT_204).send();
    }

    /** {@code <system>-<component>}: the component's SoftwareInventory, related to its System. */
    private Optional<ObjectNode> inventoryItem(String item) {
        int dash = item.lastIndexOf('-');
        if (dash < 0 || !firmware.containsKey(item.substring(0, dash))) {
            return Optional.empty();
        }
        String system = item.substring(0, dash);
        String component = item.substring(dash + 1);
        String version = firmware.get(system).versions().get(component);
        if (version == null) {
            return Optional.empty();
        }
        ObjectNode node = json.createObjectNode().put("@odata.id", INVENTORY + "/" + item)
                .put("@odata.type", "#SoftwareInventory.v1_2_0.SoftwareInventory").put("Id", item)
                .put("Name", component).put("Version", version).put("Updateable", true);
        node.putArray("RelatedItem").addObject().put("@odata.id", SYSTEMS + "/" + system);
        return Optional.of(node);
    }

    private void simpleUpdate(JsonNode body, ServerResponse res) {
        String image = body.path("ImageURI").asText("");
        JsonNode targets = body.path("Targets");
        if (image.isBlank() || !targets.isArray() || targets.size() != 1) {
            send(res, Status.BAD_REQUEST_400, error("SimpleUpdate needs ImageURI and one Targets entry (a"
                    + " FirmwareInventory item)"));
            return;
        }
        String target = targets.get(0).asText();
        String item = target.startsWith(INVENTORY + "/") ? target.substring(INVENTORY.length() + 1) : "";
        int dash = item.lastIndexOf('-');
        SimulatedFirmware fw = dash < 0 ? null : firmware.get(item.substring(0, dash));
        if (fw == null) {
            send(res, Status.BAD_REQUEST_400, error("unknown update target " + target));
            return;
        }
        try {
            fw.stage(item.substring(dash + 1), image);
        } catch (IllegalArgumentException e) {
            send(res, Status.BAD_REQUEST_400, error(e.getMessage()));
            return;
        }
        res.status(Status.NO_CONTENT_204).send();
    }

    /** The current firmware version of {@code machine}'s {@code component} (BIOS, BMC), for tests. */
    public String firmwareVersion(SimulatedMachine machine, String component) {
        return firmware.get(machine.identity().name()).versions().get(component);
    }

    private SimulatedBios bios(SimulatedMachine machine) {
        return bioses.get(machine.identity().name());
    }

    /** The current value of {@code machine}'s BIOS attribute {@code name}, for tests. */
    public String biosValue(SimulatedMachine machine, String name) {
        return bios(machine).value(name);
    }

    private void login(ServerRequest req, ServerResponse res) {
        Optional<JsonNode> body = body(req, res);
        if (body.isEmpty()) {
            return;
        }
        if (!user.equals(body.get().path("UserName").asText()) || !password.equals(body.get().path("Password").asText())) {
            send(res, Status.UNAUTHORIZED_401, error("invalid credentials"));
            return;
        }
        String token = UUID.randomUUID().toString();
        tokens.add(token);
        res.header(HeaderNames.create("X-Auth-Token"), token);
        res.header(HeaderNames.LOCATION, SESSIONS + "/" + token);
        send(res, Status.CREATED_201, json.createObjectNode().put("@odata.id", SESSIONS + "/" + token)
                .put("UserName", user));
    }

    private boolean authorized(ServerRequest req, ServerResponse res) {
        boolean ok = req.headers().first(HeaderNames.create("X-Auth-Token")).map(tokens::contains).orElse(false)
                || req.headers().first(HeaderNames.AUTHORIZATION).map(this::basicMatches).orElse(false);
        if (!ok) {
            send(res, Status.UNAUTHORIZED_401, error("authentication required: log in at " + SESSIONS
                    + " or use HTTP basic auth"));
        }
        return ok;
    }

    private boolean basicMatches(String header) {
        String expected = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        return header.equals("Basic " + expected);
    }

    private Optional<SimulatedMachine> machine(ServerRequest req, ServerResponse res) {
        String id = req.path().pathParameters().get("id");
        SimulatedMachine machine = machines.get(id);
        if (machine == null) {
            send(res, Status.NOT_FOUND_404, error("no System " + id + "; the Systems are " + machines.keySet()));
        }
        return Optional.ofNullable(machine);
    }

    private Optional<JsonNode> body(ServerRequest req, ServerResponse res) {
        try {
            JsonNode body = json.readTree(req.content().as(String.class));
            if (body != null && body.isObject()) {
                return Optional.of(body);
            }
        } catch (Exception e) {
            // Answered below: a client error, not a server fault.
        }
        send(res, Status.BAD_REQUEST_400, error("the request body must be a JSON object"));
        return Optional.empty();
    }

    private ObjectNode error(String message) {
        ObjectNode error = json.createObjectNode();
        error.putObject("error").put("code", "Base.1.0.GeneralError").put("message", message);
        return error;
    }

    private void send(ServerResponse res, Status status, JsonNode body) {
        res.status(status).header(HeaderNames.CONTENT_TYPE, "application/json").send(body.toString());
    }

    @Override
    public void close() {
        server.stop();
    }
}
