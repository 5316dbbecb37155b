package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.bios.FakeBios;
import dev.ferrum.conductor.inspection.InspectionConfig;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.ramdisk.RamdiskConfig;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The accelerators hook enabled by name on a conductor: the structured list it finds lands in the node's
 * properties as JSON and replaces an older one, and processing hooks after it still see the report.
 */
class SiteHooksFlowTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    @BeforeEach
    void start() {
        List<String> hooks = new ArrayList<>(InspectionConfig.defaults().hooks());
        hooks.add("accelerators");
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults(), RamdiskConfig.defaults(),
                new FakeBios(), InspectionConfig.defaults().withHooks(hooks)));
    }

    @Test
    void knownAcceleratorsReplaceTheNodesAcceleratorsProperty() throws Exception {
        UUID node = InspectionReports.waitingNode(conductor, ",\"driver_info\":{\"ipmi_address\":\"192.0.2.41\"},"
                + "\"properties\":{\"accelerators\":[{\"vendor_id\":\"10de\",\"device_id\":\"2236\"}]}");
        ObjectNode report = InspectionReports.ipaReport(conductor, "192.0.2.41", Optional.empty());
        report.set("pci_devices", conductor.json.readTree("""
                [{"vendor_id": "10de", "product_id": "26b9", "bus": "0000:af:00.0"},
                 {"vendor_id": "1af4", "product_id": "1000", "bus": "0000:00:03.0"}]"""));

        assertThat(InspectionReports.postContinue(conductor, report.toString()).statusCode()).isEqualTo(200);

        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.properties().get("accelerators")).contains(conductor.json.readTree("""
                [{"vendor_id": "10de", "device_id": "26b9", "type": "GPU",
                  "device_info": "NVIDIA Corporation L40S", "pci_address": "0000:af:00.0"}]"""));
        assertThat(inspected.properties().string("memory_mb")).isPresent();
    }
}
