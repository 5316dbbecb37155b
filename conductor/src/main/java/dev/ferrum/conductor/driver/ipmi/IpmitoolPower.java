package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;

/**
 * {@code ipmitool} power: {@code power status|on|off} through {@link IpmiTool}, waiting after a
 * change until the BMC reports the new state (BMCs acknowledge before the chassis switches).
 * Reboot is off then on, so the node restarts from a known state.
 */
public final class IpmitoolPower implements PowerInterface {
    private static final System.Logger LOG = System.getLogger(IpmitoolPower.class.getName());

    private final IpmiTool tool;
    private final IpmiConfig config;

    public IpmitoolPower(IpmiTool tool, IpmiConfig config) {
        this.tool = tool;
        this.config = config;
    }

    @Override
    public String name() {
        return "ipmitool";
    }

    @Override
    public Validation validate(Node node) {
        return IpmiTarget.validate(node);
    }

    @Override
    public PowerState powerState(Node node) {
        return IpmiOutput.powerStatus(tool.run(target(node), List.of("power", "status")));
    }

    @Override
    public void powerOn(Node node) {
        set(node, PowerState.POWER_ON);
    }

    @Override
    public void powerOff(Node node) {
        set(node, PowerState.POWER_OFF);
    }

    @Override
    public void reboot(Node node) {
        if (powerState(node) == PowerState.POWER_ON) {
            set(node, PowerState.POWER_OFF);
        }
        set(node, PowerState.POWER_ON);
    }

    private void set(Node node, PowerState wanted) {
        IpmiTarget target = target(node);
        tool.run(target, List.of("power", wanted == PowerState.POWER_ON ? "on" : "off"));
        long deadline = System.nanoTime() + config.powerStateTimeout().toNanos();
        while (true) {
            PowerState now = IpmiOutput.powerStatus(tool.run(target, List.of("power", "status")));
            if (now == wanted) {
                LOG.log(Level.INFO,
                        () -> "node=" + node.uuid() + " power is now " + wanted + " (BMC " + target.endpoint() + ")");
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new DriverException("node=" + node.uuid() + " BMC " + target.endpoint() + " accepted power "
                        + wanted + " but still reports " + now + " after " + config.powerStateTimeout()
                        + "; check the machine's power supply or retry");
            }
            pause(config.powerStatePoll());
        }
    }

    private IpmiTarget target(Node node) {
        return IpmiTarget.from(node, config.defaultCipherSuite());
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting for a power change", e);
        }
    }
}
