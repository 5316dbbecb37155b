package dev.ferrum.conductor.driver.power;

import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

class FakePowerTest extends PowerContract {
    private final FakePower power = new FakePower();
    private final Node node = TestNodes.node("fake-hardware", Map.of());

    @Override
    protected PowerInterface power() {
        return power;
    }

    @Override
    protected Node node() {
        return node;
    }
}
