package dev.ferrum.conductor.inspection.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.conductor.inspection.ProcessingHooks;
import dev.ferrum.conductor.inspection.rules.IpNetwork;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.json.WireJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The hooks that need site settings: pci_devices, physnet and accelerators, over IPA's sample report. */
class SiteHooksTest {
    private static final ObjectMapper JSON = WireJson.newMapper();
    private static final String MAC = "02:fc:00:00:00:01";

    @Test
    void pciDevicesCountsAliasedDevicesIntoCapabilities() throws IOException {
        PciDevicesHook hook = new PciDevicesHook(PciDevicesHook.parse("""
                [{"vendor_id": "8086", "product_id": "1521", "name": "intel_nic"},
                 {"vendor_id": "10de", "product_id": "1eb8", "name": "t4"},
                 {"vendor_id": "15b3", "product_id": "1017", "name": "mlx"}]"""));
        InspectionOutcome outcome = outcome();

        hook.process(report(Optional.of("""
                [{"vendor_id": "8086", "product_id": "1521", "bus": "0000:01:00.0"},
                 {"vendor_id": "8086", "product_id": "1521", "bus": "0000:01:00.1"},
                 {"vendor_id": "10de", "product_id": "1eb8", "bus": "0000:3b:00.0"},
                 {"vendor_id": "1af4", "product_id": "1000", "bus": "0000:00:03.0"}]""")), outcome);

        assertThat(outcome.capabilities()).containsExactlyInAnyOrderEntriesOf(Map.of("intel_nic", "2", "t4", "1"));
    }

    @Test
    void pciDevicesWithoutTheCollectorChangesNothing() throws IOException {
        PciDevicesHook hook = new PciDevicesHook(Map.of(List.of("8086", "1521"), "intel_nic"));
        InspectionOutcome outcome = outcome();

        hook.process(report(Optional.empty()), outcome);

        assertThat(outcome.capabilities()).isEmpty();
    }

    @Test
    void pciAliasesMustHaveExactlyTheThreeKeys() {
        assertThatThrownBy(() -> PciDevicesHook.parse("[{\"vendor_id\": \"8086\", \"name\": \"x\"}]"))
                .hasMessageContaining(PciDevicesHook.OPTION).hasMessageContaining("vendor_id, product_id and name");
        assertThatThrownBy(() -> PciDevicesHook.parse("{\"vendor_id\": \"8086\"}"))
                .hasMessageContaining("JSON list");
    }

    @Test
    void physnetPlacesKeptInterfacesByTheirSubnet() throws IOException {
        Map<IpNetwork, String> map = PhysnetHook.parse("10.0.0.0/8:physnet_x, 192.0.2.0/24:physnet_a,fd00::/64:b");
        PhysnetHook hook = new PhysnetHook(map);
        InspectionOutcome outcome = outcome();
        outcome.keepInterface(MacAddresses.parse(MAC));

        hook.process(report(Optional.empty()), outcome);

        assertThat(outcome.portPhysicalNetworks()).containsExactly(Map.entry(MacAddresses.parse(MAC), "physnet_a"));
    }

    @Test
    void physnetUsesTheIpv6AddressWhenNoIpv4SubnetMatches() throws IOException {
        InspectionOutcome outcome = outcome();
        outcome.keepInterface(MacAddresses.parse(MAC));

        new PhysnetHook(PhysnetHook.parse("198.51.100.0/24:other,fd00::/64:physnet_b")).process(report(
                Optional.empty()), outcome);

        assertThat(outcome.portPhysicalNetworks()).containsExactly(Map.entry(MacAddresses.parse(MAC), "physnet_b"));
    }

    @Test
    void physnetIgnoresInterfacesValidationDroppedAndUnmappedSubnets() throws IOException {
        InspectionOutcome dropped = outcome();
        new PhysnetHook(PhysnetHook.parse("192.0.2.0/24:physnet_a")).process(report(Optional.empty()), dropped);
        InspectionOutcome unmapped = outcome();
        unmapped.keepInterface(MacAddresses.parse(MAC));
        new PhysnetHook(PhysnetHook.parse("198.51.100.0/24:other")).process(report(Optional.empty()), unmapped);

        assertThat(dropped.portPhysicalNetworks()).isEmpty();
        assertThat(unmapped.portPhysicalNetworks()).isEmpty();
    }

    @Test
    void physnetMapEntriesNeedANetworkAndAName() {
        assertThatThrownBy(() -> PhysnetHook.parse("192.0.2.0/24")).hasMessageContaining(PhysnetHook.OPTION)
                .hasMessageContaining("CIDR:PHYSNET");
        assertThatThrownBy(() -> PhysnetHook.parse("192.0.2.0/33:a")).hasMessageContaining("prefix length");
    }

    @Test
    void acceleratorsListsKnownDevicesWithTheirPciAddress() throws IOException {
        InspectionOutcome outcome = outcome();

        new AcceleratorsHook(AcceleratorsHook.builtIn()).process(report(Optional.of("""
                [{"vendor_id": "10de", "product_id": "1eb8", "bus": "0000:3b:00.0"},
                 {"vendor_id": "8086", "product_id": "1521", "bus": "0000:01:00.0"}]""")), outcome);

        assertThat(outcome.facts().get("accelerators")).isEqualTo(JSON.readTree("""
                [{"vendor_id": "10de", "device_id": "1eb8", "type": "GPU",
                  "device_info": "NVIDIA Corporation Tesla T4", "pci_address": "0000:3b:00.0"}]"""));
    }

    @Test
    void acceleratorsIsEmptiedWhenNoKnownDeviceIsPresentButKeptWithoutTheCollector() throws IOException {
        AcceleratorsHook hook = new AcceleratorsHook(AcceleratorsHook.builtIn());
        InspectionOutcome none = outcome();
        hook.process(report(Optional.of("[{\"vendor_id\": \"8086\", \"product_id\": \"1521\", \"bus\": \"b\"}]")),
                none);
        InspectionOutcome noCollector = outcome();
        hook.process(report(Optional.empty()), noCollector);

        assertThat(none.facts().get("accelerators")).isEqualTo(JSON.readTree("[]"));
        assertThat(noCollector.facts()).isEmpty();
    }

    @Test
    void knownAcceleratorsNeedVendorAndDeviceIds() {
        assertThatThrownBy(() -> AcceleratorsHook.parse(stream("{\"pci_devices\": [{\"vendor_id\": \"10de\"}]}"),
                "test")).hasMessageContaining("lacks vendor_id or device_id");
        assertThatThrownBy(() -> AcceleratorsHook.parse(stream("{\"devices\": []}"), "test"))
                .hasMessageContaining("\"pci_devices\" list");
    }

    @Test
    void settingsReachTheHookTheyName() throws IOException {
        List<ProcessingHook> hooks = ProcessingHooks.load(List.of("scheduler", "physnet"),
                Map.of("physnet", Map.of("cidr_map", "192.0.2.0/24:physnet_a")));
        InspectionOutcome placed = outcome();
        placed.keepInterface(MacAddresses.parse(MAC));

        hooks.get(1).process(report(Optional.empty()), placed);

        assertThat(placed.portPhysicalNetworks()).containsExactly(Map.entry(MacAddresses.parse(MAC), "physnet_a"));
        InspectionOutcome unset = outcome();
        unset.keepInterface(MacAddresses.parse(MAC));
        ProcessingHooks.load(List.of("physnet")).getFirst().process(report(Optional.empty()), unset);
        assertThat(unset.portPhysicalNetworks()).as("no map, no change").isEmpty();
    }

    @Test
    void settingsForAnUnknownKeyADisabledHookOrAHookWithoutSettingsStopTheStart() {
        assertThatThrownBy(() -> ProcessingHooks.load(List.of("physnet"),
                Map.of("physnet", Map.of("cidr", "192.0.2.0/24:a")))).hasMessageContaining("cidr_map only");
        assertThatThrownBy(() -> ProcessingHooks.load(List.of("scheduler"),
                Map.of("physnet", Map.of("cidr_map", "192.0.2.0/24:a")))).hasMessageContaining("not enabled");
        assertThatThrownBy(() -> ProcessingHooks.load(List.of("scheduler"),
                Map.of("scheduler", Map.of("x", "y")))).hasMessageContaining("takes no options");
        assertThatThrownBy(() -> ProcessingHooks.load(List.of("physnet"),
                Map.of("physnet", Map.of("cidr_map", "192.0.2.0/24")))).hasMessageContaining(PhysnetHook.OPTION);
    }

    @Test
    void theThreeHooksAreEnabledByNameButNotByDefault() {
        assertThat(ProcessingHooks.load(List.of("pci_devices", "physnet", "accelerators")))
                .extracting(ProcessingHook::name).containsExactly("pci_devices", "physnet", "accelerators");
        assertThat(dev.ferrum.conductor.inspection.InspectionConfig.defaults().hooks())
                .doesNotContain("pci_devices", "physnet", "accelerators");
    }

    private static InspectionOutcome outcome() {
        return new InspectionOutcome(TestNodes.node("fake-hardware", Map.of()));
    }

    /** IPA's sample report, with {@code pciDevices} as the pci-devices collector's list when given. */
    private static ContinueBody report(Optional<String> pciDevices) throws IOException {
        try (InputStream in = SiteHooksTest.class.getResourceAsStream("/flow/ipa-continue.json")) {
            ObjectNode report = (ObjectNode) JSON.readTree(in);
            for (String devices : pciDevices.stream().toList()) {
                report.set("pci_devices", JSON.readTree(devices));
            }
            return ContinueBody.parse(JSON, (JsonNode) report);
        }
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
