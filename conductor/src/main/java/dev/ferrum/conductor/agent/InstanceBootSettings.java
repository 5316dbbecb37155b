package dev.ferrum.conductor.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How the deployed instance boots and, for a partition image, how its disk is laid out, read as
 * Ironic reads them: {@code boot_mode} from {@code instance_info.deploy_boot_mode}, the instance's
 * then the node's {@code capabilities}, else uefi (Ironic's default); {@code boot_option} and
 * {@code disk_label} from the same capabilities; sizes from {@code root_gb}, {@code swap_mb},
 * {@code ephemeral_gb}, {@code ephemeral_format}, {@code preserve_ephemeral}.
 */
public record InstanceBootSettings(String bootMode, String bootOption, Optional<String> diskLabel, long rootMb,
        long swapMb, long ephemeralMb, Optional<String> ephemeralFormat, boolean preserveEphemeral) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public boolean uefi() {
        return bootMode.equals("uefi");
    }

    /** {@code boot_option: netboot}: the instance boots through the conductor's iPXE, not from its disk. */
    public boolean netboot() {
        return bootOption.equals("netboot");
    }

    public static InstanceBootSettings of(Node node) {
        JsonDict info = node.instanceInfo();
        Map<String, String> caps = new LinkedHashMap<>(capabilities(node.properties().get("capabilities")));
        caps.putAll(capabilities(info.get("capabilities")));
        String bootMode = info.string("deploy_boot_mode").or(() -> Optional.ofNullable(caps.get("boot_mode")))
                .orElse("uefi").toLowerCase(Locale.ROOT);
        if (!bootMode.equals("uefi") && !bootMode.equals("bios")) {
            throw new InvalidInputException("Cannot deploy node " + node.displayName() + ": boot_mode '" + bootMode
                    + "' is not supported; set the capability boot_mode to uefi or bios.");
        }
        return new InstanceBootSettings(bootMode, Optional.ofNullable(caps.get("boot_option")).orElse("local"),
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

    /** Ironic's capabilities: {@code "k1:v1,k2:v2"} or a JSON object (or its text). */
    static Map<String, String> capabilities(Optional<JsonNode> value) {
        Map<String, String> caps = new LinkedHashMap<>();
        if (value.isEmpty()) {
            return caps;
        }
        JsonNode node = value.get();
        if (node.isTextual() && node.asText().strip().startsWith("{")) {
            try {
                node = JSON.readTree(node.asText());
            } catch (Exception e) {
                return caps;
            }
        }
        if (node.isObject()) {
            node.properties().forEach(e -> caps.put(e.getKey(), e.getValue().asText()));
        } else if (node.isTextual()) {
            for (String pair : node.asText().split(",")) {
                int colon = pair.indexOf(':');
                if (colon > 0) {
                    caps.put(pair.substring(0, colon).strip(), pair.substring(colon + 1).strip());
                }
            }
        }
        return caps;
    }
}
