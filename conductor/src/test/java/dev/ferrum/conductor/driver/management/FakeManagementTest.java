package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

class FakeManagementTest extends ManagementContract {
    private final FakeManagement management = new FakeManagement();
    private final Node node = TestNodes.node("fake-hardware", Map.of());

    @Override
    protected ManagementInterface management() {
        return management;
    }

    @Override
    protected Node node() {
        return node;
    }
}
