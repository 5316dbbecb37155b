package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.node.Node;
import java.lang.System.Logger.Level;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * {@code redfish} management: the System's boot source override, {@code Boot.BootSourceOverrideTarget}
 * ({@code Pxe}, {@code Hdd}, {@code Cd}, {@code BiosSetup}) with {@code BootSourceOverrideEnabled}
 * {@code Once} or {@code Continuous}. Redfish has no "safe" target.
 */
public final class RedfishManagement implements ManagementInterface {
    private static final System.Logger LOG = System.getLogger(RedfishManagement.class.getName());

    private final RedfishClient client;

    public RedfishManagement(RedfishClient client) {
        this.client = client;
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
    public void setBootDevice(Node node, BootDevice device, boolean persistent) {
        String target = switch (device) {
            case PXE -> "Pxe";
            case DISK -> "Hdd";
            case CDROM -> "Cd";
            case BIOS -> "BiosSetup";
            case SAFE -> throw new DriverException("node=" + node.uuid() + " Redfish has no safe-mode boot device; "
                    + "choose one of " + supportedBootDevices(node));
        };
        RedfishTarget redfish = RedfishTarget.from(node);
        ObjectNode boot = RedfishClient.object()
                .put("BootSourceOverrideTarget", target)
                .put("BootSourceOverrideEnabled", persistent ? "Continuous" : "Once");
        ObjectNode body = RedfishClient.object();
        body.set("Boot", boot);
        client.patch(redfish, RedfishSystems.path(client, redfish), body);
        LOG.log(Level.INFO,
                () -> "node=" + node.uuid() + " boot device set to " + device + (persistent ? " (persistent)" : ""));
    }

    @Override
    public BootDeviceSetting bootDevice(Node node) {
        RedfishTarget redfish = RedfishTarget.from(node);
        JsonNode boot = client.get(redfish, RedfishSystems.path(client, redfish)).path("Boot");
        String enabled = boot.path("BootSourceOverrideEnabled").asText("Disabled");
        if (enabled.equals("Disabled")) {
            return BootDeviceSetting.unknown();
        }
        Optional<BootDevice> device = switch (boot.path("BootSourceOverrideTarget").asText("")) {
            case "Pxe" -> Optional.of(BootDevice.PXE);
            case "Hdd" -> Optional.of(BootDevice.DISK);
            case "Cd" -> Optional.of(BootDevice.CDROM);
            case "BiosSetup" -> Optional.of(BootDevice.BIOS);
            default -> Optional.empty();
        };
        return new BootDeviceSetting(device, device.map(d -> enabled.equals("Continuous")));
    }

    @Override
    public Set<BootDevice> supportedBootDevices(Node node) {
        return EnumSet.of(BootDevice.PXE, BootDevice.DISK, BootDevice.CDROM, BootDevice.BIOS);
    }
}
