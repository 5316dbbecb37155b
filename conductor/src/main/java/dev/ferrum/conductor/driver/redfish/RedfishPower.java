package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.lang.System.Logger.Level;

/**
 * {@code redfish} power: reads the System's {@code PowerState} and changes it with the
 * {@code ComputerSystem.Reset} action ({@code On}, {@code ForceOff}, the configured restart),
 * waiting until the new state shows.
 */
public final class RedfishPower implements PowerInterface {
    private static final System.Logger LOG = System.getLogger(RedfishPower.class.getName());

    private final RedfishClient client;
    private final RedfishConfig config;

    public RedfishPower(RedfishClient client, RedfishConfig config) {
        this.client = client;
        this.config = config;
    }

    @Override
    public String name() {
        return "redfish";
    }

    @Override
    public Validation validate(Node node) {
        return RedfishTarget.validate(node);
    }

    @Override
    public PowerState powerState(Node node) {
        RedfishTarget target = RedfishTarget.from(node);
        return state(target, client.get(target, RedfishSystems.path(client, target)));
    }

    @Override
    public void powerOn(Node node) {
        change(node, "On", PowerState.POWER_ON);
    }

    @Override
    public void powerOff(Node node) {
        change(node, "ForceOff", PowerState.POWER_OFF);
    }

    @Override
    public void reboot(Node node) {
        if (powerState(node) == PowerState.POWER_OFF) {
            change(node, "On", PowerState.POWER_ON);
        } else {
            change(node, config.rebootResetType(), PowerState.POWER_ON);
        }
    }

    private void change(Node node, String resetType, PowerState wanted) {
        RedfishTarget target = RedfishTarget.from(node);
        String system = RedfishSystems.path(client, target);
        JsonNode resource = client.get(target, system);
        String action = resource.path("Actions").path("#ComputerSystem.Reset").path("target")
                .asText(system + "/Actions/ComputerSystem.Reset");
        client.post(target, action, RedfishClient.object().put("ResetType", resetType));
        long deadline = System.nanoTime() + config.powerStateTimeout().toNanos();
        while (true) {
            PowerState now = state(target, client.get(target, system));
            if (now == wanted) {
                LOG.log(Level.INFO,
                        () -> "node=" + node.uuid() + " power is now " + wanted + " (Redfish " + resetType + ")");
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new DriverException("node=" + node.uuid() + " Redfish System " + system + " accepted " + resetType
                        + " but still reports " + now + " after " + config.powerStateTimeout() + "; retry or check the BMC");
            }
            try {
                Thread.sleep(config.powerStatePoll());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while waiting for a power change", e);
            }
        }
    }

    private static PowerState state(RedfishTarget target, JsonNode system) {
        String state = system.path("PowerState").asText("");
        return switch (state) {
            case "On", "PoweringOn" -> PowerState.POWER_ON;
            case "Off", "PoweringOff" -> PowerState.POWER_OFF;
            default -> throw new DriverException("Redfish service " + target.address() + " reports PowerState '" + state
                    + "', which is not a power state; check the BMC's firmware");
        };
    }
}
