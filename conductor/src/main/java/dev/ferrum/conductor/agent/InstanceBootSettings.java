package dev.ferrum.conductor.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Capabilities;
import dev.ferrum.conductor.node.DeployBootMode;
import dev.ferrum.conductor.node.Node;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How the deployed instance boots and, for a partition image, how its disk is laid out, read as
 * Ironic reads them: {@code boot_mode} as {@link DeployBootMode} finds it; {@code boot_option} and
 * {@code disk_label} from the same capabilities; sizes from {@code root_gb}, {@code swap_mb},
 * {@code ephemeral_gb}, {@code ephemeral_format}, {@code preserve_ephemeral}.
 */
public record InstanceBootSettings(String bootMode, String bootOption, Optional<String> diskLabel, long rootMb,
        long swapMb, long ephemeralMb, Optional<String> ephemeralFormat, boolean preserveEphemeral) {

    public boolean uefi() {
        return bootMode.equals(DeployBootMode.UEFI);
    }

    /** {@code boot_option: netboot}: the instance boots through the conductor's iPXE, not from its disk. */
    public boolean netboot() {
        return bootOption.equals("netboot");
    }

    public static InstanceBootSettings of(Node node) {
        JsonDict info = node.instanceInfo();
        Map<String, String> caps = new LinkedHashMap<>(
                Capabilities.read(node.properties().get("capabilities")));
        caps.putAll(Capabilities.read(info.get("capabilities")));
        return new InstanceBootSettings(DeployBootMode.of(node), Optional.ofNullable(caps.get("boot_option")).orElse("local"),
                Optional.ofNullable(caps.get("disk_label")), number(node, info, "root_gb") * 1024,
                number(node, info, "swap_mb"), number(node, info, "ephemeral_gb") * 1024,
                info.string("ephemeral_format"), info.get("preserve_ephemeral").map(JsonNode::asBoolean).orElse(false));
    }

    private static long number(Node node, JsonDict info, String key) {
        Optional<String> text = info.string(key);
        if (text.isEmpty()) {
            return 0;
        }
        try {
            long value = Long.parseLong(text.get().strip());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new InvalidInputException("Cannot deploy node " + node.displayName() + ": instance_info " + key
                    + " is '" + text.get() + "', which is not a whole number of at least 0; correct it.");
        }
    }
}
