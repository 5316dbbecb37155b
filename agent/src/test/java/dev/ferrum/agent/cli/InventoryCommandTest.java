package dev.ferrum.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.AcmeFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class InventoryCommandTest {

    @TempDir
    Path temp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = AgentCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }

    @Test
    void printsTheInventoryAsTheAgentPostsIt() throws Exception {
        Path root = AcmeFixture.acmeMachine(temp, "RACK7-U12");

        int exit = run("inventory", "--root", root.toString(), "--plugins", AcmeFixture.pluginDir().toString());

        assertThat(exit).as(err.toString()).isZero();
        JsonNode inventory = new ObjectMapper().readTree(out.toString());
        assertThat(inventory.get("acme_asset_tag").asText()).isEqualTo("RACK7-U12");
        // IPA's shape: every standard section is present, unknown values as null.
        assertThat(inventory.fieldNames()).toIterable().contains("cpu", "memory", "disks", "interfaces",
                "bmc_address", "bmc_v6address", "system_vendor", "boot", "hostname");
        assertThat(inventory.get("bmc_address").isNull()).isTrue();
    }

    @Test
    void withInterfacesPrintsTheNicsOfTheFullInventoryAlone() throws Exception {
        Path root = AcmeFixture.acmeMachine(temp, "T");
        Files.createDirectories(root.resolve("proc")); // the generic manager, which reads NICs, needs sys/ and proc/
        Path nic = Files.createDirectories(root.resolve("sys/class/net/eth0/device"));
        Files.writeString(nic.resolveSibling("address"), "52:54:00:12:34:56\n");
        Files.writeString(nic.resolveSibling("carrier"), "1\n");
        String plugins = AcmeFixture.pluginDir().toString();
        run("inventory", "--root", root.toString(), "--plugins", plugins);
        JsonNode full = new ObjectMapper().readTree(out.toString());
        out.getBuffer().setLength(0);

        int exit = run("inventory", "--interfaces", "--root", root.toString(), "--plugins", plugins);

        assertThat(exit).as(err.toString()).isZero();
        JsonNode interfaces = new ObjectMapper().readTree(out.toString());
        assertThat(interfaces.isArray()).isTrue();
        assertThat(interfaces).isEqualTo(full.get("interfaces"));
        assertThat(interfaces.get(0).get("mac_address").asText()).isEqualTo("52:54:00:12:34:56");
    }

    @Test
    void listsManagersWithSupportAndVersion() throws Exception {
        Path root = AcmeFixture.acmeMachine(temp, "T");

        int exit = run("inventory", "--managers", "--root", root.toString(), "--plugins",
                AcmeFixture.pluginDir().toString());

        assertThat(exit).isZero();
        assertThat(out.toString()).containsPattern("MANAGER\\s+SUPPORT\\s+VERSION").containsPattern("acme\\s+VENDOR\\s+1\\.0");
    }

    @Test
    void saysClearlyWhenNoManagerSupportsTheMachine() {
        int exit = run("inventory", "--root", temp.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString()).contains("no hardware manager supports this machine").contains("--managers");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        int exit = run("inventory", "--colour");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--colour");
    }
}
