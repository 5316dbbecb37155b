package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code fake} management: remembers each node's boot device in memory; for tests and BMC-less nodes. A node
 * never set reads {@code pxe}, not persistent, as on Ironic's fake management.
 */
public final class FakeManagement implements ManagementInterface {
    private final Map<UUID, BootDeviceSetting> settings = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public void setBootDevice(Node node, BootDevice device, boolean persistent) {
        settings.put(node.uuid(), BootDeviceSetting.of(device, persistent));
    }

    @Override
    public BootDeviceSetting bootDevice(Node node) {
        return settings.getOrDefault(node.uuid(), BootDeviceSetting.of(BootDevice.PXE, false));
    }

    @Override
    public Set<BootDevice> supportedBootDevices(Node node) {
        return EnumSet.allOf(BootDevice.class);
    }

    /** Ironic's fake indicators: a read-only chassis LED and a settable system LED. */
    @Override
    public List<Indicator> supportedIndicators(Node node) {
        return List.of(
                new Indicator("chassis", "led-0", true, List.of(IndicatorState.OFF, IndicatorState.ON)),
                new Indicator("system", "led", false,
                        List.of(IndicatorState.BLINKING, IndicatorState.OFF, IndicatorState.ON)));
    }

    /** Every known indicator reads "on", as Ironic's fake; setting one stays unsupported, as there. */
    @Override
    public IndicatorState indicatorState(Node node, String component, String indicator) {
        List<Indicator> all = supportedIndicators(node);
        if (all.stream().noneMatch(i -> i.component().equals(component))) {
            throw new InvalidInputException("Invalid component " + component + " specified.");
        }
        if (all.stream().noneMatch(i -> i.component().equals(component) && i.name().equals(indicator))) {
            throw new InvalidInputException("Invalid indicator " + indicator + " specified.");
        }
        return IndicatorState.ON;
    }
}
