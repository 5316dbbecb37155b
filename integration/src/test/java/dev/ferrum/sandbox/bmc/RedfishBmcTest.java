package dev.ferrum.sandbox.bmc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.redfish.RedfishClient;
import dev.ferrum.conductor.driver.redfish.RedfishConfig;
import dev.ferrum.conductor.driver.redfish.RedfishManagement;
import dev.ferrum.conductor.driver.redfish.RedfishPower;
import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.driver.redfish.RedfishBios;
import dev.ferrum.conductor.driver.redfish.RedfishFirmware;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.sandbox.machine.BootedSystem;
import dev.ferrum.sandbox.machine.MachineIdentity;
import dev.ferrum.sandbox.machine.MachineRoot;
import dev.ferrum.sandbox.machine.NetworkBootFirmware;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sandbox's Redfish BMC over real HTTP: shapes, authentication, power, boot override, BIOS, bad input. */
class RedfishBmcTest {
    private static final String BASIC = "Basic " + Base64.getEncoder()
            .encodeToString("admin:pw".getBytes(StandardCharsets.UTF_8));

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private final RecordingFirmware firmware = new RecordingFirmware();
    private final List<SimulatedMachine> machines = new ArrayList<>();
    private RedfishBmc bmc;

    @TempDir
    Path temp;

    @BeforeEach
    void start() {
        for (int index = 1; index <= 2; index++) {
            MachineIdentity identity = MachineIdentity.of(index);
            machines.add(new SimulatedMachine(identity, MachineRoot.create(temp.resolve(identity.name()), identity),
                    firmware));
        }
        bmc = new RedfishBmc(machines, "admin", "pw");
    }

    @AfterEach
    void stop() {
        bmc.close();
        machines.forEach(SimulatedMachine::close);
    }

    /** Counts network boots; what it "boots" records when it is stopped. */
    private static final class RecordingFirmware implements NetworkBootFirmware {
        final AtomicInteger boots = new AtomicInteger();
        final AtomicInteger stops = new AtomicInteger();

        @Override
        public BootedSystem networkBoot(SimulatedMachine machine) {
            boots.incrementAndGet();
            return new BootedSystem(BootedSystem.Activity.AGENT_RAMDISK, "test ramdisk", stops::incrementAndGet);
        }
    }

    private HttpResponse<String> send(String method, String path, String authorization, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(bmc.url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header(authorization.startsWith("Basic ") ? "Authorization" : "X-Auth-Token", authorization);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode system(String id) throws Exception {
        HttpResponse<String> response = send("GET", RedfishBmc.SYSTEMS + "/" + id, BASIC, null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json.readTree(response.body());
    }

    private void reset(String id, String type) throws Exception {
        HttpResponse<String> response = send("POST", RedfishBmc.SYSTEMS + "/" + id + "/Actions/ComputerSystem.Reset",
                BASIC, "{\"ResetType\":\"" + type + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(204);
    }

    @Test
    void listsOneSystemPerMachineWithDmtfShapes() throws Exception {
        JsonNode root = json.readTree(send("GET", "/redfish/v1", null, null).body());
        assertThat(root.path("Systems").path("@odata.id").asText()).isEqualTo(RedfishBmc.SYSTEMS);

        JsonNode systems = json.readTree(send("GET", RedfishBmc.SYSTEMS, BASIC, null).body());
        assertThat(systems.path("Members@odata.count").asInt()).isEqualTo(2);
        assertThat(systems.path("Members").findValuesAsText("@odata.id"))
                .containsExactly("/redfish/v1/Systems/sandbox-1", "/redfish/v1/Systems/sandbox-2");

        JsonNode system = system("sandbox-2");
        assertThat(system.path("Id").asText()).isEqualTo("sandbox-2");
        assertThat(system.path("SerialNumber").asText()).isEqualTo("FERRUM-SBX-0002");
        assertThat(system.path("PowerState").asText()).isEqualTo("Off");
        assertThat(system.path("Boot").path("BootSourceOverrideEnabled").asText()).isEqualTo("Disabled");
        assertThat(system.path("Actions").path("#ComputerSystem.Reset").path("target").asText())
                .isEqualTo("/redfish/v1/Systems/sandbox-2/Actions/ComputerSystem.Reset");
    }

    @Test
    void needsASessionOrBasicAuth() throws Exception {
        assertThat(send("GET", RedfishBmc.SYSTEMS, null, null).statusCode()).isEqualTo(401);
        assertThat(send("GET", RedfishBmc.SYSTEMS, "Basic " + Base64.getEncoder().encodeToString(
                "admin:wrong".getBytes(StandardCharsets.UTF_8)), null).statusCode()).isEqualTo(401);
        assertThat(send("POST", RedfishBmc.SESSIONS, null, "{\"UserName\":\"admin\",\"Password\":\"wrong\"}")
                .statusCode()).isEqualTo(401);

        HttpResponse<String> login = send("POST", RedfishBmc.SESSIONS, null,
                "{\"UserName\":\"admin\",\"Password\":\"pw\"}");
        assertThat(login.statusCode()).isEqualTo(201);
        String token = login.headers().firstValue("X-Auth-Token").orElseThrow();
        assertThat(send("GET", RedfishBmc.SYSTEMS, token, null).statusCode()).isEqualTo(200);
        assertThat(send("GET", RedfishBmc.SYSTEMS, "not-a-token", null).statusCode()).isEqualTo(401);
    }

    @Test
    void powerTransitionsBootAndStopWhatRuns() throws Exception {
        reset("sandbox-1", "On");
        assertThat(system("sandbox-1").path("PowerState").asText()).isEqualTo("On");
        assertThat(machines.getFirst().running().activity()).isEqualTo(BootedSystem.Activity.AGENT_RAMDISK);
        assertThat(firmware.boots).hasValue(1);
        assertThat(system("sandbox-2").path("PowerState").asText()).as("the other machine").isEqualTo("Off");

        reset("sandbox-1", "On");
        assertThat(firmware.boots).as("On when already on boots nothing").hasValue(1);

        reset("sandbox-1", "ForceRestart");
        assertThat(firmware.boots).hasValue(2);
        assertThat(firmware.stops).as("a restart stops what ran").hasValue(1);

        reset("sandbox-1", "ForceOff");
        assertThat(system("sandbox-1").path("PowerState").asText()).isEqualTo("Off");
        assertThat(machines.getFirst().running().activity()).isEqualTo(BootedSystem.Activity.OFF);
        assertThat(firmware.stops).hasValue(2);

        reset("sandbox-1", "GracefulRestart");
        assertThat(system("sandbox-1").path("PowerState").asText()).as("a restart powers an off machine on")
                .isEqualTo("On");
    }

    @Test
    void aOnceOverrideIsUsedByOneBootAndAContinuousOneStays() throws Exception {
        assertThat(send("PATCH", RedfishBmc.SYSTEMS + "/sandbox-1", BASIC,
                "{\"Boot\":{\"BootSourceOverrideTarget\":\"Hdd\",\"BootSourceOverrideEnabled\":\"Once\"}}")
                .statusCode()).isEqualTo(204);
        assertThat(system("sandbox-1").path("Boot").path("BootSourceOverrideTarget").asText()).isEqualTo("Hdd");
        reset("sandbox-1", "On");
        assertThat(machines.getFirst().running().activity()).isEqualTo(BootedSystem.Activity.OPERATING_SYSTEM);
        assertThat(firmware.boots).as("booting the disk does not network-boot").hasValue(0);
        assertThat(system("sandbox-1").path("Boot").path("BootSourceOverrideEnabled").asText()).isEqualTo("Disabled");

        reset("sandbox-1", "ForceRestart");
        assertThat(firmware.boots).as("without an override the machine boots the network first").hasValue(1);

        send("PATCH", RedfishBmc.SYSTEMS + "/sandbox-1", BASIC,
                "{\"Boot\":{\"BootSourceOverrideTarget\":\"Hdd\",\"BootSourceOverrideEnabled\":\"Continuous\"}}");
        reset("sandbox-1", "ForceRestart");
        reset("sandbox-1", "ForceRestart");
        assertThat(machines.getFirst().running().activity()).isEqualTo(BootedSystem.Activity.OPERATING_SYSTEM);
        assertThat(firmware.boots).hasValue(1);
        assertThat(system("sandbox-1").path("Boot").path("BootSourceOverrideEnabled").asText()).isEqualTo("Continuous");
    }

    @Test
    void badRequestsAreRefusedAndChangeNothing() throws Exception {
        HttpResponse<String> target = send("PATCH", RedfishBmc.SYSTEMS + "/sandbox-1", BASIC,
                "{\"Boot\":{\"BootSourceOverrideTarget\":\"Floppy\",\"BootSourceOverrideEnabled\":\"Once\"}}");
        assertThat(target.statusCode()).isEqualTo(400);
        assertThat(target.body()).contains("BootSourceOverrideTarget must be one of");
        assertThat(send("PATCH", RedfishBmc.SYSTEMS + "/sandbox-1", BASIC,
                "{\"Boot\":{\"BootSourceOverrideEnabled\":\"Sometimes\"}}").statusCode()).isEqualTo(400);
        assertThat(send("PATCH", RedfishBmc.SYSTEMS + "/sandbox-1", BASIC, "{\"AssetTag\":\"x\"}").statusCode())
                .isEqualTo(400);
        assertThat(system("sandbox-1").path("Boot").path("BootSourceOverrideTarget").asText()).isEqualTo("None");

        HttpResponse<String> reset = send("POST", RedfishBmc.SYSTEMS + "/sandbox-1/Actions/ComputerSystem.Reset", BASIC,
                "{\"ResetType\":\"Explode\"}");
        assertThat(reset.statusCode()).isEqualTo(400);
        assertThat(reset.body()).contains("not one of");
        assertThat(send("POST", RedfishBmc.SYSTEMS + "/sandbox-1/Actions/ComputerSystem.Reset", BASIC, "not json")
                .statusCode()).isEqualTo(400);
        assertThat(system("sandbox-1").path("PowerState").asText()).isEqualTo("Off");
        assertThat(firmware.boots).hasValue(0);

        assertThat(send("GET", RedfishBmc.SYSTEMS + "/sandbox-9", BASIC, null).statusCode()).isEqualTo(404);
    }

    @Test
    void theConductorsRedfishDriverPowersAndBootsAMachine() {
        RedfishConfig config = new RedfishConfig(Duration.ofSeconds(5), "ForceRestart", Duration.ofSeconds(5),
                Duration.ofMillis(20));
        RedfishClient client = new RedfishClient(config);
        RedfishPower power = new RedfishPower(client, config);
        RedfishManagement management = new RedfishManagement(client);
        ObjectNode info = JsonNodeFactory.instance.objectNode().put("redfish_address", bmc.url())
                .put("redfish_system_id", "/redfish/v1/Systems/sandbox-2").put("redfish_username", "admin")
                .put("redfish_password", "pw");
        Node node = Node.builder(UUID.randomUUID(), "redfish", Instant.parse("2026-01-01T00:00:00Z"))
                .driverInfo(JsonDict.of(info)).build();

        management.setBootDevice(node, BootDevice.PXE, false);
        power.powerOn(node);
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_ON);
        assertThat(machines.get(1).running().activity()).isEqualTo(BootedSystem.Activity.AGENT_RAMDISK);

        management.setBootDevice(node, BootDevice.DISK, true);
        assertThat(management.bootDevice(node).device()).contains(BootDevice.DISK);
        power.reboot(node);
        assertThat(machines.get(1).running().activity()).isEqualTo(BootedSystem.Activity.OPERATING_SYSTEM);

        power.powerOff(node);
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_OFF);
        assertThat(firmware.stops).hasValue(1);
    }

    @Test
    void biosSettingsArePendingUntilAResetAndResetBiosRestoresTheFactoryValues() throws Exception {
        String bios = RedfishBmc.SYSTEMS + "/sandbox-1/Bios";
        JsonNode shown = json.readTree(send("GET", bios, BASIC, null).body());
        assertThat(shown.path("Attributes").path("ProcVirtualization").asText()).isEqualTo("Enabled");
        String settings = shown.path("@Redfish.Settings").path("SettingsObject").path("@odata.id").asText();
        assertThat(settings).isEqualTo(bios + "/Settings");

        assertThat(send("PATCH", settings, BASIC, "{\"Attributes\":{\"ProcVirtualization\":\"Maybe\"}}").statusCode())
                .isEqualTo(400);
        assertThat(send("PATCH", settings, BASIC, "{\"Attributes\":{\"SystemModelName\":\"x\"}}").body())
                .contains("read-only");
        assertThat(send("PATCH", settings, BASIC, "{\"Attributes\":{\"ProcVirtualization\":\"Disabled\"}}")
                .statusCode()).isEqualTo(204);
        assertThat(json.readTree(send("GET", settings, BASIC, null).body()).path("Attributes")
                .path("ProcVirtualization").asText()).isEqualTo("Disabled");
        assertThat(bmc.biosValue(machines.get(0), "ProcVirtualization")).isEqualTo("Enabled");
        reset("sandbox-1", "On");
        assertThat(bmc.biosValue(machines.get(0), "ProcVirtualization")).isEqualTo("Disabled");

        assertThat(send("POST", bios + "/Actions/Bios.ResetBios", BASIC, "{}").statusCode()).isEqualTo(204);
        reset("sandbox-1", "ForceRestart");
        assertThat(bmc.biosValue(machines.get(0), "ProcVirtualization")).isEqualTo("Enabled");
        JsonNode registry = json.readTree(send("GET", "/redfish/v1/Registries/" + shown.path("AttributeRegistry")
                .asText(), BASIC, null).body());
        assertThat(registry.path("RegistryEntries").path("Attributes").findValuesAsText("AttributeName"))
                .contains("BootMode", "ProcVirtualization");
    }

    @Test
    void theConductorsRedfishBiosAppliesSettingsAtTheResetAndCachesThemWithTheRegistry() {
        RedfishConfig config = new RedfishConfig(Duration.ofSeconds(5), "ForceRestart", Duration.ofSeconds(5),
                Duration.ofMillis(20));
        RedfishClient client = new RedfishClient(config);
        RedfishPower power = new RedfishPower(client, config);
        RedfishBios redfishBios = new RedfishBios(client);
        ObjectNode info = JsonNodeFactory.instance.objectNode().put("redfish_address", bmc.url())
                .put("redfish_system_id", "/redfish/v1/Systems/sandbox-2").put("redfish_username", "admin")
                .put("redfish_password", "pw");
        try (Store store = Store.open(new StoreConfig.Sqlite(temp.resolve("store"), Duration.ofSeconds(10), 2),
                java.time.Clock.systemUTC())) {
            Node node = store.nodes().create(Node.builder(UUID.randomUUID(), "redfish",
                    Instant.parse("2026-01-01T00:00:00Z")).driverInfo(JsonDict.of(info)).build());
            StepServices services = new StepServices(store, java.time.Clock.systemUTC());
            ObjectNode args = JsonNodeFactory.instance.objectNode();
            args.putArray("settings").addObject().put("name", "BootMode").put("value", "Bios");
            PlannedStep apply = new PlannedStep(redfishBios.cleanSteps().getFirst(), JsonDict.of(args));

            assertThat(redfishBios.execute(node, apply, services)).isEqualTo(OutOfBandSteps.Outcome.REBOOT);
            assertThat(bmc.biosValue(machines.get(1), "BootMode")).isEqualTo("Uefi");
            power.reboot(node);
            redfishBios.finishAfterReboot(node, apply, services);
            assertThat(bmc.biosValue(machines.get(1), "BootMode")).isEqualTo("Bios");
            BiosSetting cached = store.bios().find(node.uuid(), "BootMode").orElseThrow();
            assertThat(cached.value()).contains("Bios");
            assertThat(cached.registry().allowableValues()).contains(List.of("Uefi", "Bios"));
            assertThat(cached.registry().attributeType()).contains("Enumeration");
            assertThat(store.bios().find(node.uuid(), "SystemModelName").orElseThrow().registry().readOnly())
                    .contains(true);

            ObjectNode bad = JsonNodeFactory.instance.objectNode();
            bad.putArray("settings").addObject().put("name", "NoSuchKnob").put("value", "1");
            assertThatThrownBy(() -> redfishBios.execute(node, new PlannedStep(apply.step(), JsonDict.of(bad)),
                    services)).hasMessageContaining("NoSuchKnob").hasMessageContaining("run the step again");

            // Pending settings the firmware drops at the reset are reported by name.
            assertThat(send("PATCH", RedfishBmc.SYSTEMS + "/sandbox-2/Bios/Settings", BASIC,
                    "{\"Attributes\":{\"BootMode\":\"Bios\"}}").statusCode()).isEqualTo(204);
            ObjectNode wanted = JsonNodeFactory.instance.objectNode();
            wanted.putArray("settings").addObject().put("name", "SriovGlobalEnable").put("value", "Enabled");
            assertThatThrownBy(() -> redfishBios.finishAfterReboot(node, new PlannedStep(apply.step(),
                    JsonDict.of(wanted)), services)).hasMessageContaining("SriovGlobalEnable (wanted Enabled, is Disabled)");

            PlannedStep reset = PlannedStep.of(redfishBios.cleanSteps().get(1));
            assertThat(redfishBios.execute(node, reset, services)).isEqualTo(OutOfBandSteps.Outcome.REBOOT);
            power.reboot(node);
            redfishBios.finishAfterReboot(node, reset, services);
            assertThat(store.bios().find(node.uuid(), "BootMode").orElseThrow().value()).contains("Uefi");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theConductorsRedfishFirmwareFlashesThroughSimpleUpdateAndRecordsVersionsBeforeAndAfter() throws Exception {
        RedfishConfig config = new RedfishConfig(Duration.ofSeconds(5), "ForceRestart", Duration.ofSeconds(5),
                Duration.ofMillis(20));
        RedfishClient client = new RedfishClient(config);
        RedfishPower power = new RedfishPower(client, config);
        RedfishFirmware redfishFirmware = new RedfishFirmware(client);
        ObjectNode info = JsonNodeFactory.instance.objectNode().put("redfish_address", bmc.url())
                .put("redfish_system_id", "/redfish/v1/Systems/sandbox-2").put("redfish_username", "admin")
                .put("redfish_password", "pw");
        java.nio.file.Path image = java.nio.file.Files.writeString(temp.resolve("bmc-2.1.0.bin"), "FW bmc 2.1.0\n");
        java.nio.file.Path wrong = java.nio.file.Files.writeString(temp.resolve("bios-9.bin"), "FW bios 9.0.0\n");
        try (Store store = Store.open(new StoreConfig.Sqlite(temp.resolve("store"), Duration.ofSeconds(10), 2),
                java.time.Clock.systemUTC())) {
            Node node = store.nodes().create(Node.builder(UUID.randomUUID(), "redfish",
                    Instant.parse("2026-01-01T00:00:00Z")).driverInfo(JsonDict.of(info)).build());
            StepServices services = new StepServices(store, java.time.Clock.systemUTC());
            ObjectNode args = JsonNodeFactory.instance.objectNode();
            args.putArray("settings").addObject().put("component", "bmc").put("url", image.toUri().toString());
            PlannedStep update = new PlannedStep(redfishFirmware.cleanSteps().getFirst(), JsonDict.of(args));

            assertThat(redfishFirmware.execute(node, update, services)).isEqualTo(OutOfBandSteps.Outcome.REBOOT);
            assertThat(store.firmware().find(node.uuid(), "bmc").orElseThrow().currentVersion()).isEqualTo("2.0.0");
            assertThat(bmc.firmwareVersion(machines.get(1), "BMC")).isEqualTo("2.0.0");
            power.reboot(node);
            redfishFirmware.finishAfterReboot(node, update, services);
            var recorded = store.firmware().find(node.uuid(), "bmc").orElseThrow();
            assertThat(recorded.initialVersion()).isEqualTo("2.0.0");
            assertThat(recorded.currentVersion()).isEqualTo("2.1.0");
            assertThat(recorded.lastVersionFlashed()).contains("2.1.0");
            assertThat(store.firmware().find(node.uuid(), "bios").orElseThrow().lastVersionFlashed()).isEmpty();
            // The other machine's firmware is its own.
            assertThat(bmc.firmwareVersion(machines.get(0), "BMC")).isEqualTo("2.0.0");

            ObjectNode bad = JsonNodeFactory.instance.objectNode();
            bad.putArray("settings").addObject().put("component", "bmc").put("url", wrong.toUri().toString());
            assertThatThrownBy(() -> redfishFirmware.execute(node, new PlannedStep(update.step(), JsonDict.of(bad)),
                    services)).hasMessageContaining("refused the bmc image").hasMessageContaining("run the step again");
            ObjectNode nic = JsonNodeFactory.instance.objectNode();
            nic.putArray("settings").addObject().put("component", "nic").put("url", image.toUri().toString());
            assertThatThrownBy(() -> redfishFirmware.execute(node, new PlannedStep(update.step(), JsonDict.of(nic)),
                    services)).hasMessageContaining("firmware component nic").hasMessageContaining("[bios, bmc]");
            // Nothing staged: a reboot changes nothing, and the step says so.
            power.reboot(node);
            assertThatThrownBy(() -> redfishFirmware.finishAfterReboot(node, update, services))
                    .hasMessageContaining("bmc (still 2.1.0)");
        }
    }
}
