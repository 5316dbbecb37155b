package dev.ferrum.conductor.driver.redfish;

import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.power.PowerContract;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.node.Node;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** The power contract for {@code redfish} against the in-test Redfish service. */
class RedfishPowerContractTest extends PowerContract {
    private static final RedfishConfig CONFIG = new RedfishConfig(Duration.ofSeconds(5), "GracefulRestart",
            Duration.ofSeconds(2), Duration.ofMillis(20));
    private final FakeRedfishService bmc = new FakeRedfishService("root", "pw");
    private final RedfishPower power = new RedfishPower(new RedfishClient(CONFIG), CONFIG);
    private final Node node = TestNodes.node("redfish", Map.of("redfish_address", bmc.url(),
            "redfish_username", "root", "redfish_password", "pw"));

    @AfterEach
    void stop() {
        bmc.close();
    }

    @Override
    protected PowerInterface power() {
        return power;
    }

    @Override
    protected Node node() {
        return node;
    }
}
