package dev.ferrum.agent.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.bootloader.BootloaderInstaller;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.command.CommandProgress;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.json.WireJson;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** image.install_bootloader's params as IPA takes them, and ignore_bootloader_failure. */
class ImageCommandsTest {
    private final ObjectMapper json = WireJson.newMapper();
    private final FakeCommandRunner commands = new FakeCommandRunner();

    @TempDir
    Path dir;

    /** A deployer that last wrote a partition image whose root is /dev/sda2. */
    private final ImageDeployer deployer = new ImageDeployer() {
        @Override
        public JsonNode write(WriteImageArgs args, ObjectNode node, JsonProgress progress) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ObjectNode partitionUuids() {
            ObjectNode uuids = json.createObjectNode();
            uuids.putObject("partitions").put("root", "/dev/sda2");
            return uuids.put("root uuid", "abcd");
        }
    };

    private CommandDefinition installBootloader() {
        return new ImageCommands(deployer, new BootloaderInstaller(new MachineContext(dir, commands), dir, "amd64"), commands, json)
                .definitions().getFirst();
    }

    private ObjectNode params(String body) throws Exception {
        return (ObjectNode) json.readTree(body);
    }

    @Test
    void isIpasImageExtensionCommandAndFindsTheWrittenRoot() throws Exception {
        CommandDefinition command = installBootloader();
        assertThat(command.fullName()).isEqualTo("image.install_bootloader");
        commands.answer(List.of("mount", "/dev/sda2", dir.toString()),
                new dev.ferrum.hardware.spi.CommandResult(32, "", "mount: wrong fs type"));

        assertThatThrownBy(() -> command.handler().run(params("{\"root_uuid\": \"abcd\", \"target_boot_mode\": \"bios\"}"),
                new CommandProgress()))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("mount /dev/sda2").contains("wrong fs type"));
    }

    @Test
    void ignoreBootloaderFailureTurnsAFailureIntoSuccess() throws Exception {
        commands.answer(List.of("mount", "/dev/sda2", dir.toString()),
                new dev.ferrum.hardware.spi.CommandResult(32, "", "mount: wrong fs type"));

        assertThat(installBootloader().handler().run(params("{\"root_uuid\": \"abcd\", \"target_boot_mode\": \"bios\","
                + " \"ignore_bootloader_failure\": true}"), new CommandProgress())).isEmpty();
    }

    @Test
    void uefiWithoutAnEspUuidIsInvalidParams() {
        assertThatThrownBy(() -> installBootloader().handler().run(params("{\"root_uuid\": \"abcd\","
                + " \"target_boot_mode\": \"uefi\", \"efi_system_part_uuid\": null}"), new CommandProgress()))
                .isInstanceOfSatisfying(CommandFailedException.class,
                        e -> assertThat(e.error().type()).isEqualTo("InvalidCommandParamsError"));
    }
}
