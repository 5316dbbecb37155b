package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.node.Node;
import java.util.List;
import java.util.Set;

/**
 * The management slot: which device a node boots from, set through its BMC. The optional operations
 * (indicators, NMI, boot mode, secure boot) are refused as unsupported unless an implementation offers them,
 * as in Ironic's base management interface.
 */
public interface ManagementInterface extends DriverInterface {

    /** Boot {@code device} next, or on every boot when {@code persistent}. */
    void setBootDevice(Node node, BootDevice device, boolean persistent);

    /** What the BMC reports the node will boot from. */
    BootDeviceSetting bootDevice(Node node);

    /** The devices {@link #setBootDevice} accepts for this node. */
    Set<BootDevice> supportedBootDevices(Node node);

    /** The node's indicators, components in a stable order. */
    default List<Indicator> supportedIndicators(Node node) {
        throw new UnsupportedExtensionException(node.driver(), "get_supported_indicators");
    }

    /** What the indicator shows; {@code InvalidInputException} for an unknown component or indicator. */
    default IndicatorState indicatorState(Node node, String component, String indicator) {
        throw new UnsupportedExtensionException(node.driver(), "get_indicator_state");
    }

    default void setIndicatorState(Node node, String component, String indicator, IndicatorState state) {
        throw new UnsupportedExtensionException(node.driver(), "set_indicator_state");
    }

    /** Sends the node a non-maskable interrupt. */
    default void injectNmi(Node node) {
        throw new UnsupportedExtensionException(node.driver(), "inject_nmi");
    }

    /** Switches the node's firmware to {@code mode} ({@code uefi} or {@code bios}). */
    default void setBootMode(Node node, String mode) {
        throw new UnsupportedExtensionException(node.driver(), "set_boot_mode");
    }

    /** Turns UEFI secure boot on or off. */
    default void setSecureBoot(Node node, boolean enabled) {
        throw new UnsupportedExtensionException(node.driver(), "set_secure_boot_state");
    }
}
