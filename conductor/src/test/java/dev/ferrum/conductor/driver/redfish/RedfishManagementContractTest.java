package dev.ferrum.conductor.driver.redfish;

import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.management.ManagementContract;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.node.Node;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** The management contract for {@code redfish} against the in-test Redfish service. */
class RedfishManagementContractTest extends ManagementContract {
    private final FakeRedfishService bmc = new FakeRedfishService("root", "pw");
    private final RedfishManagement management = new RedfishManagement(new RedfishClient(RedfishConfig.defaults()));
    private final Node node = TestNodes.node("redfish", Map.of("redfish_address", bmc.url(),
            "redfish_username", "root", "redfish_password", "pw"));

    @AfterEach
    void stop() {
        bmc.close();
    }

    @Override
    protected ManagementInterface management() {
        return management;
    }

    @Override
    protected Node node() {
        return node;
    }
}
