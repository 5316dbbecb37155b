package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a ramdisk posts to {@code POST /v1/continue}: either discoverd's flat body or IPA's body
 * built around an {@code inventory}. {@link #parse} is the one entry point and tells them apart by
 * the {@code inventory} key; both answer the questions the conductor asks before running the
 * processing hooks (did the ramdisk fail, which MACs and BMC address identify the node).
 */
public sealed interface ContinueBody permits DiscoverdContinue, IpaContinue {

    /** Keys of either form; a body with none of them is not an inspection report at all. */
    Set<String> KNOWN_KEYS = Set.of("inventory", "cpus", "cpu_arch", "memory_mb", "local_gb", "interfaces",
            "ipmi_address", "macs", "error", "logs", "boot_interface", "root_disk");

    /** The error the ramdisk reported; the {@code ramdisk_error} hook fails inspection with it. */
    Optional<String> error();

    /** The MAC addresses of the machine's NICs, lower-cased, in the order reported. */
    List<String> macAddresses();

    /** The BMC address the ramdisk saw, used to find the node before falling back to MACs. */
    Optional<String> bmcAddress();

    /**
     * Reads a continue body from the raw request bytes (IPA sends no Content-Type, so callers
     * must not rely on one).
     *
     * @throws WireFormatException if it is not JSON or neither form
     */
    static ContinueBody parse(ObjectMapper mapper, byte[] body) {
        return parse(mapper, WireJson.readTree(mapper, body));
    }

    /**
     * Reads a continue body from a parsed tree: IPA's form when it has an {@code inventory},
     * otherwise discoverd's flat form.
     *
     * @throws WireFormatException if it is not an object, its inventory is not an object, or it has
     *     none of the keys either form uses
     */
    static ContinueBody parse(ObjectMapper mapper, JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new WireFormatException("inspection data must be a JSON object, got "
                    + (body == null ? "nothing" : body.getNodeType().toString().toLowerCase(Locale.ROOT)));
        }
        JsonNode inventory = body.get("inventory");
        if (inventory != null && !inventory.isNull()) {
            if (!inventory.isObject()) {
                throw new WireFormatException("inspection data 'inventory' must be an object");
            }
            return WireJson.convert(mapper, body, IpaContinue.class);
        }
        boolean recognised = body.properties().stream().anyMatch(entry -> KNOWN_KEYS.contains(entry.getKey()));
        if (!recognised) {
            throw new WireFormatException("inspection data has neither IPA's 'inventory' nor discoverd's "
                    + "cpus/cpu_arch/memory_mb/local_gb/interfaces; is this really a ramdisk callback?");
        }
        return WireJson.convert(mapper, body, DiscoverdContinue.class);
    }
}
