package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.system.SystemLogCollector;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import java.util.List;
import java.util.Optional;

/**
 * IPA's {@code poll.get_hardware_info} (the inventory, for fast-track and out-of-band polling) and
 * {@code log.collect_system_logs} (a base64 gzipped tar of the machine's logs).
 */
public final class InformationCommands {
    private final HardwareManagerRegistry registry;
    private final SystemLogCollector logs;
    private final ObjectMapper json;

    public InformationCommands(HardwareManagerRegistry registry, SystemLogCollector logs, ObjectMapper json) {
        this.registry = registry;
        this.logs = logs;
        this.json = json;
    }

    public List<CommandDefinition> definitions() {
        return List.of(
                CommandDefinition.sync("poll", "get_hardware_info",
                        (params, progress) -> Optional.of(json.valueToTree(registry.collectInventory().inventory()))),
                CommandDefinition.sync("log", "collect_system_logs", (params, progress) -> {
                    ObjectNode result = json.createObjectNode();
                    result.put("system_logs", logs.collectBase64());
                    return Optional.of(result);
                }));
    }
}
