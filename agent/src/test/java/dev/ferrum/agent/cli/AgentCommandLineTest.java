package dev.ferrum.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line as users and the ramdisk's /init write it, declared without annotations. */
class AgentCommandLineTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static RunCommand.Settings run(String... args) {
        CommandLine.ParseResult parsed = AgentCommand.commandLine().parseArgs(args);
        return ((RunCommand) parsed.subcommand().commandSpec().userObject()).settings();
    }

    private int execute(String... args) {
        CommandLine commandLine = AgentCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }

    @Test
    void runReadsEveryOption() {
        RunCommand.Settings settings = run("run", "--root", "/srv/machine", "--cmdline", "/tmp/cmdline",
                "-p", "ipa-api-url=http://192.0.2.1:6385", "--param", "ipa-debug=1", "--plugins", "/opt/a,/opt/b",
                "--plugins", "/opt/c", "--file-disks", "--no-allow-md5");

        assertThat(settings).isEqualTo(new RunCommand.Settings(Path.of("/srv/machine"), Optional.of(Path.of("/tmp/cmdline")),
                Map.of("ipa-api-url", "http://192.0.2.1:6385", "ipa-debug", "1"),
                List.of(Path.of("/opt/a"), Path.of("/opt/b"), Path.of("/opt/c")), true, false));
        assertThat(settings.params().keySet()).containsExactly("ipa-api-url", "ipa-debug");
    }

    @Test
    void runsDefaultsAreTheMachinesRootAndSafeDisks() {
        assertThat(run("run")).isEqualTo(new RunCommand.Settings(Path.of("/"), Optional.empty(), Map.of(), List.of(),
                false, true));
        assertThat(run("run", "--allow-md5").allowMd5()).isTrue();
    }

    @Test
    void helpListsTheOptionsWithTheirDefaults() {
        assertThat(execute("run", "--help")).isZero();

        assertThat(out.toString()).contains("Usage: ferrum-agent run [-hV] [--[no-]allow-md5] [--file-disks]",
                "--cmdline=FILE", "-p, --param=NAME=VALUE", "--plugins=DIR[,DIR...]", "(default: /)", "default: true",
                "-V, --version");
    }

    @Test
    void versionAndAMissingCommand() {
        assertThat(execute("-V")).isZero();
        assertThat(out.toString()).startsWith("ferrum-agent ");

        assertThat(execute()).isEqualTo(2);
        assertThat(err.toString()).contains("choose a command: 'run' (the agent) or 'inventory'");
    }

    @Test
    void inventoryRefusesARepeatBelowOne() {
        assertThat(execute("inventory", "--repeat", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--repeat must be at least 1");
    }
}
