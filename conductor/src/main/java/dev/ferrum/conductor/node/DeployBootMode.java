package dev.ferrum.conductor.node;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The firmware mode a node is deployed and booted in, {@code uefi} or {@code bios}, looked up where Ironic looks:
 * {@code uefi} when the instance asks for secure boot; else the first of the instance's {@code capabilities}
 * {@code boot_mode}, the deprecated {@code instance_info.deploy_boot_mode}, the node's
 * {@code properties.capabilities} {@code boot_mode} and {@code driver_internal_info.deploy_boot_mode}; else uefi,
 * Ironic's {@code [deploy]default_boot_mode} since 2023. A mode that contradicts the node's own capability is
 * refused, as Ironic refuses it: the node is pinned to the mode its properties name.
 */
public final class DeployBootMode {
    public static final String UEFI = "uefi";
    public static final String BIOS = "bios";

    private DeployBootMode() {
    }

    /** {@code uefi} or {@code bios}; a value that is neither, or that contradicts the node's capability, is bad input. */
    public static String of(Node node) {
        Map<String, String> instance = Capabilities.read(node.instanceInfo().get("capabilities"));
        Optional<String> pinned = Optional.ofNullable(Capabilities.read(node.properties().get("capabilities")).get("boot_mode"))
                .map(DeployBootMode::lower);
        if ("true".equals(Optional.ofNullable(instance.get("secure_boot")).map(DeployBootMode::lower).orElse(""))) {
            return UEFI;
        }
        String mode = Optional.ofNullable(instance.get("boot_mode"))
                .or(() -> node.instanceInfo().string("deploy_boot_mode"))
                .or(() -> pinned)
                .or(() -> node.driverInternalInfo().string("deploy_boot_mode"))
                .map(DeployBootMode::lower).orElse(UEFI);
        if (!mode.equals(UEFI) && !mode.equals(BIOS)) {
            throw new InvalidInputException("Node " + node.displayName() + ": boot_mode '" + mode
                    + "' is not supported; set the capability boot_mode to uefi or bios.");
        }
        if (pinned.isPresent() && !pinned.get().equals(mode)) {
            throw new InvalidInputException("Node " + node.uuid() + " boot mode " + mode
                    + " violates node properties/capabilities boot_mode:" + pinned.get()
                    + "; request that mode or change the node's capability.");
        }
        return mode;
    }

    private static String lower(String text) {
        return text.strip().toLowerCase(Locale.ROOT);
    }
}
