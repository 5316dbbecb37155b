package dev.ferrum.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.AcmeFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
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
