package dev.ferrum.agent.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.rescue.RescuePassword;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.json.WireJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rescue.finalize_rescue} on a relocated machine root: the real /etc is never touched. */
class RescueCommandsTest {
    private static final String HASH = "$5$abcdefghijklmnop$" + "x".repeat(43);

    @TempDir
    Path root;
    private final AtomicInteger lockDowns = new AtomicInteger();

    private CommandDefinition finalizeRescue() {
        var machine = new MachineContext(root, new FakeCommandRunner());
        var clock = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);
        var commands = new RescueCommands(new RescuePassword(machine, clock), lockDowns::incrementAndGet);
        return commands.definitions().stream().filter(d -> d.fullName().equals("rescue.finalize_rescue")).findFirst()
                .orElseThrow();
    }

    private ObjectNode params(String password, boolean hashed) {
        ObjectNode params = WireJson.newMapper().createObjectNode();
        params.put("rescue_password", password).put("hashed", hashed);
        return params;
    }

    @Test
    void setsRootsHashInTheRamdisksShadowLeavesTheMarkerAndLocksDown() throws Exception {
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(root.resolve("etc/shadow"), "root:*:1:0:99999:7:::\nnobody:*:1:0:99999:7:::\n");

        assertThat(finalizeRescue().handler().run(params(HASH, true), null)).isEmpty();

        assertThat(Files.readString(root.resolve("etc/shadow")))
                .isEqualTo("root:" + HASH + ":20455:0:99999:7:::\nnobody:*:1:0:99999:7:::\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("etc/shadow"))))
                .isEqualTo("rw-------");
        assertThat(root.resolve("etc/.rescued")).exists();
        assertThat(lockDowns).hasValue(1);
        try (var left = Files.list(root.resolve("etc"))) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("shadow", ".rescued");
        }
    }

    @Test
    void refusesAnUnhashedPasswordAndChangesNothing() {
        assertThatThrownBy(() -> finalizeRescue().handler().run(params("hunter2", false), null))
                .isInstanceOf(CommandFailedException.class)
                .satisfies(e -> assertThat(((CommandFailedException) e).error().type())
                        .isEqualTo("InvalidCommandParamsError"))
                .hasMessageNotContaining("hunter2");
        assertThat(root.resolve("etc/shadow")).doesNotExist();
        assertThat(lockDowns).hasValue(0);
    }

    @Test
    void refusesAHashThatCouldBreakTheShadowFileWithoutEchoingIt() {
        String injected = HASH + ":0:0:::::\nevil";
        assertThatThrownBy(() -> finalizeRescue().handler().run(params(injected, true), null))
                .isInstanceOf(CommandFailedException.class)
                .satisfies(e -> assertThat(((CommandFailedException) e).error().details().orElse(""))
                        .doesNotContain("evil").contains("crypt hash"));
        assertThat(root.resolve("etc/shadow")).doesNotExist();
        assertThat(lockDowns).hasValue(0);
    }

    @Test
    void needsAPassword() {
        ObjectNode params = WireJson.newMapper().createObjectNode().put("hashed", true);
        assertThatThrownBy(() -> finalizeRescue().handler().run(params, null))
                .isInstanceOf(CommandFailedException.class).hasMessageContaining("Invalid command parameters");
    }
}
