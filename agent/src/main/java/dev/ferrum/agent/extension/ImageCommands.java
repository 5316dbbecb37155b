package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.bootloader.BootloaderInstaller;
import dev.ferrum.agent.bootloader.BootloaderRequest;
import dev.ferrum.agent.bootloader.PartitionLocator;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.protocol.image.InstallBootloaderParams;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * IPA's {@code image} extension: {@code install_bootloader}, which Ironic runs after a partition
 * image is written so the instance boots from its disk. A failure fails the command unless
 * {@code ignore_bootloader_failure} is true, as in IPA.
 */
public final class ImageCommands {
    private static final System.Logger LOG = System.getLogger(ImageCommands.class.getName());

    private final ImageDeployer deployer;
    private final BootloaderInstaller installer;
    private final CommandRunner commands;
    private final ObjectMapper json;

    public ImageCommands(ImageDeployer deployer, BootloaderInstaller installer, CommandRunner commands,
            ObjectMapper json) {
        this.deployer = deployer;
        this.installer = installer;
        this.commands = commands;
        this.json = json;
    }

    public List<CommandDefinition> definitions() {
        return List.of(CommandDefinition.async("image", "install_bootloader", (params, progress) -> {
            InstallBootloaderParams p;
            try {
                p = json.treeToValue(params, InstallBootloaderParams.class);
            } catch (Exception e) {
                throw CommandFailedException.invalidParams("cannot read install_bootloader params: " + e.getMessage());
            }
            if (p.prepBootPartUuid().isPresent()) {
                throw CommandFailedException.invalidParams("prep_boot_part_uuid: PowerPC PReP boot partitions are not"
                        + " supported by this agent; deploy a whole-disk image on ppc64 machines.");
            }
            try {
                installer.install(new BootloaderRequest(p.rootUuid(), p.efiSystemPartUuid(), p.uefi()),
                        new PartitionLocator(written(), commands));
            } catch (CommandFailedException e) {
                if (!p.ignoreBootloaderFailure().orElse(false)) {
                    throw e;
                }
                LOG.log(System.Logger.Level.WARNING, "install_bootloader failed and ignore_bootloader_failure is set: "
                        + e.getMessage() + " " + e.error().details().orElse(""));
            }
            return Optional.empty();
        }));
    }

    /** UUID → device of the root and EFI partitions the last write_image reported. */
    private Map<String, String> written() {
        ObjectNode uuids = deployer.partitionUuids();
        JsonNode devices = uuids.path("partitions");
        Map<String, String> known = new HashMap<>();
        for (var pair : List.of(List.of("root uuid", "root"),
                List.of("efi system partition uuid", "efi system partition"))) {
            String uuid = uuids.path(pair.get(0)).asText("");
            String device = devices.path(pair.get(1)).asText("");
            if (!uuid.isEmpty() && !device.isEmpty()) {
                known.put(uuid, device);
            }
        }
        return known;
    }
}
