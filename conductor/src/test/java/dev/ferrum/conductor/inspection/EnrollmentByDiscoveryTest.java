package dev.ferrum.conductor.inspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverConfig;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.InterfaceCatalog;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.inspection.rules.RuleBook;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.support.net.MacAddress;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DiscoveryEnrollment} on its own, on a store: what a new node gets from an unknown machine's report, and
 * that a report it cannot enroll, or one a hook fails, leaves no node behind. (The whole path through a running
 * conductor is cli/DiscoveryEnrollmentTest.)
 */
class EnrollmentByDiscoveryTest {
    private static final ObjectMapper JSON = WireJson.newMapper();
    private static final MacAddress MAC = MacAddresses.parse("02:fc:00:00:00:01");
    private static final String CONDUCTOR = "test-conductor";

    @TempDir
    Path temp;
    private Store store;
    private DriverRegistry drivers;
    private OutcomeWriter writer;
    private final Clock clock = Clock.systemUTC();

    @BeforeEach
    void open() {
        store = Store.open(new StoreConfig.Sqlite(temp.resolve("data"), Duration.ofSeconds(10), 4), clock);
        drivers = new DriverRegistry(DriverConfig.of(List.of("fake-hardware"), CONDUCTOR), HardwareTypes.builtIn(),
                InterfaceCatalog.withFakesAndNoops());
        writer = new OutcomeWriter(store, clock, InspectionConfig.defaults(),
                new RuleBook(store.inspectionRules(), List.of()), CONDUCTOR);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private DiscoveryEnrollment enrollment(List<ProcessingHook> hooks) {
        return new DiscoveryEnrollment(store, drivers, CONDUCTOR, clock, hooks, writer);
    }

    private static ObjectNode report(String bmc) throws IOException {
        try (InputStream in = EnrollmentByDiscoveryTest.class.getResourceAsStream("/flow/ipa-continue.json")) {
            ObjectNode report = (ObjectNode) JSON.readTree(in);
            ((ObjectNode) report.get("inventory")).put("bmc_address", bmc);
            return report;
        }
    }

    private UUID enroll(DiscoveryEnrollment enrollment, ObjectNode raw) {
        return enrollment.enroll(ContinueBody.parse(JSON, raw), raw, "fake-hardware");
    }

    @Test
    void anUnknownMachineBecomesANodeInEnrollWithItsBmcPortsPropertiesAndData() throws IOException {
        ObjectNode raw = report("192.0.2.77");

        UUID uuid = enroll(enrollment(ProcessingHooks.load(InspectionConfig.defaults().hooks())), raw);

        Node node = store.nodes().get(uuid);
        assertThat(node.provisionState()).isEqualTo(ProvisionState.ENROLL);
        assertThat(node.driver()).isEqualTo("fake-hardware");
        assertThat(node.driverInfo().string("ipmi_address")).contains("192.0.2.77");
        assertThat(node.properties().string("cpu_arch")).contains("x86_64");
        assertThat(node.inspectionStartedAt()).isPresent();
        assertThat(node.inspectionFinishedAt()).isEqualTo(node.inspectionStartedAt());
        assertThat(node.reservation()).as("the lock is given back").isEmpty();
        assertThat(store.ports().findByAddress(MAC).orElseThrow().nodeUuid()).isEqualTo(uuid);
        assertThat(store.introspection().load(uuid, IntrospectionDataKind.UNPROCESSED).orElseThrow().toObjectNode())
                .isEqualTo(raw);
        assertThat(store.history().list(uuid)).extracting(NodeEvent::message)
                .anySatisfy(message -> assertThat(message).startsWith("Enrolled by discovery"));
    }

    @Test
    void aMachineWhoseRamdiskFoundNoBmcGetsNoIpmiAddress() throws IOException {
        UUID uuid = enroll(enrollment(ProcessingHooks.load(InspectionConfig.defaults().hooks())), report("0.0.0.0"));

        assertThat(store.nodes().get(uuid).driverInfo().string("ipmi_address")).isEmpty();
    }

    @Test
    void aReportWithoutMacsIsRefusedAndNoNodeIsMade() throws IOException {
        ObjectNode raw = report("192.0.2.78");
        ((ArrayNode) raw.get("inventory").get("interfaces")).removeAll();

        assertThatThrownBy(() -> enroll(enrollment(List.of()), raw)).isInstanceOf(InspectionException.class)
                .hasMessageContaining("names no MAC address");
        assertThat(store.nodes().findByBmcAddress("192.0.2.78")).isEmpty();
    }

    @Test
    void aFailingHookLeavesNoNodeBehind() throws IOException {
        ProcessingHook failing = new ProcessingHook() {
            @Override
            public String name() {
                return "failing";
            }

            @Override
            public void process(ContinueBody report, InspectionOutcome outcome) {
                throw new InspectionException("the failing hook refuses this machine");
            }
        };

        assertThatThrownBy(() -> enroll(enrollment(List.of(failing)), report("192.0.2.79")))
                .isInstanceOf(InspectionException.class).hasMessageContaining("refuses this machine");
        assertThat(store.nodes().findByBmcAddress("192.0.2.79")).as("the half-made node is deleted").isEmpty();
        assertThat(store.ports().findByAddress(MAC)).isEmpty();
    }
}
