package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.system.PowerControl;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.protocol.image.ImageInfo;
import dev.ferrum.protocol.image.WriteImageArgs;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * IPA's {@code standby} extension: write an image the legacy way ({@code prepare_image}), report
 * the written disk's partitions, flush disks, and power the machine off or boot the written image.
 */
public final class StandbyCommands {
    private final ImageDeployer deployer;
    private final PowerControl power;
    private final CommandRunner commands;
    private final ObjectMapper json;

    public StandbyCommands(ImageDeployer deployer, PowerControl power, CommandRunner commands, ObjectMapper json) {
        this.deployer = deployer;
        this.power = power;
        this.commands = commands;
        this.json = json;
    }

    public List<CommandDefinition> definitions() {
        return List.of(
                CommandDefinition.async("standby", "prepare_image", (params, progress) -> {
                    ImageInfo image = read(params.get("image_info"), ImageInfo.class, "image_info");
                    Optional<String> configdrive = ConfigDriveParameter.of(params);
                    ObjectNode node = params.has("node") && params.get("node").isObject()
                            ? (ObjectNode) params.get("node") : json.createObjectNode();
                    return Optional.of(deployer.write(WriteImageArgs.of(image, configdrive), node, progress));
                }),
                CommandDefinition.sync("standby", "get_partition_uuids",
                        (params, progress) -> Optional.of(deployer.partitionUuids())),
                CommandDefinition.sync("standby", "sync", (params, progress) -> {
                    sync();
                    return Optional.empty();
                }),
                CommandDefinition.async("standby", "power_off", (params, progress) -> {
                    sync();
                    power.powerOff();
                    return Optional.empty();
                }),
                CommandDefinition.async("standby", "run_image", (params, progress) -> {
                    sync();
                    power.reboot();
                    return Optional.empty();
                }));
    }

    private void sync() {
        CommandResult result = commands.run(List.of("sync"), Duration.ofMinutes(10));
        if (!result.succeeded()) {
            throw CommandFailedException.execution("sync failed with exit code " + result.exitCode() + ": "
                    + result.stderr().strip(), null);
        }
    }

    private <T> T read(com.fasterxml.jackson.databind.JsonNode node, Class<T> type, String field) {
        if (node == null || node.isNull()) {
            throw CommandFailedException.invalidParams("'" + field + "' is required");
        }
        try {
            return json.treeToValue(node, type);
        } catch (Exception e) {
            throw CommandFailedException.invalidParams("cannot read '" + field + "': " + e.getMessage());
        }
    }
}
