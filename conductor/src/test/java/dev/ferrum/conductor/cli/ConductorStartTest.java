package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The conductor command as a new user meets it: help, version, the README's command, and starts that fail. */
class ConductorStartTest {
    @TempDir
    Path temp;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ConductorCommand().spec()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    /** A port free a moment ago (the command refuses port 0). */
    private static String freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return String.valueOf(probe.getLocalPort());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void helpAndVersionPrintAndSucceed() {
        for (String flag : new String[] {"-V", "--version"}) {
            Run version = run(flag);
            assertThat(version.exit()).isZero();
            assertThat(version.out()).startsWith("ferrum-conductor ").contains("Ironic API 1.1 to 1.87");
        }
        Run help = run("--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("--noauth", "--data-dir", "--boot-files");
    }

    @Test
    void theReadmesCommandResolvesItsRelativeDefaultsAgainstTheWorkingDirectory() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth");
        ConductorSettings settings = command.settings();
        Path here = Path.of("").toAbsolutePath();
        assertThat(settings.dataDir()).isEqualTo(here.resolve("ferrum-data"));
        assertThat(settings.bootFiles()).isEqualTo(here.resolve("ferrum-data").resolve("boot"));

        command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--data-dir", "elsewhere", "--dhcp-hosts-dir", "hosts");
        settings = command.settings();
        assertThat(settings.dataDir()).isAbsolute().isEqualTo(here.resolve("elsewhere"));
        // The boot files live in the data directory unless placed elsewhere.
        assertThat(settings.bootFiles()).isEqualTo(here.resolve("elsewhere").resolve("boot"));
        assertThat(settings.dhcpHostsDirectory()).contains(here.resolve("hosts"));
    }

    @Test
    void aConductorStartedWithRelativePathsServes() throws Exception {
        // What ./ferrum conductor --noauth does, with the working directory's paths made in a temp directory.
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--port", freePort(), "--data-dir", temp.resolve("ferrum-data")
                .toString());
        try (ConductorServer server = ConductorServer.start(command.settings())) {
            assertThat(server.port()).isPositive();
            assertThat(temp.resolve("ferrum-data").resolve("boot")).isDirectory();
        }
    }

    @Test
    void aTakenPortStopsTheStartWithOneLineAndLeavesNothingBehind() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Path data = temp.resolve("fresh").resolve("ferrum-data");
            Run run = run("--noauth", "--port", String.valueOf(taken.getLocalPort()), "--data-dir", data.toString(),
                    "--name", "second");
            assertThat(run.exit()).isEqualTo(1);
            assertThat(run.err().lines()).hasSize(1);
            assertThat(run.err()).startsWith("ferrum-conductor: cannot listen on 127.0.0.1:" + taken.getLocalPort())
                    .contains("--port");
            assertThat(run.out()).doesNotContain("listening");
            assertThat(temp.resolve("fresh")).doesNotExist();
        }
    }

    @Test
    void aStartThatFailsHalfWayStopsWhatItStartedAndRemovesWhatItCreated() {
        Path data = temp.resolve("data");
        Path boot = temp.resolve("new").resolve("boot");
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--port", freePort(), "--data-dir", data.toString(), "--boot-files",
                boot.toString(), "--name", "half-way", "--discovery-enroll-driver", "no-such-driver");
        // The store is opened and the conductor registered before the enroll driver is looked up.
        assertThatThrownBy(() -> ConductorServer.start(command.settings())).hasMessageContaining("no-such-driver");
        assertThat(data).doesNotExist();
        assertThat(temp.resolve("new")).doesNotExist();
    }

    @Test
    void aFailedStartInAnExistingDataDirectoryKeepsItAndDoesNotStayRegistered() throws Exception {
        Path data = Files.createDirectories(temp.resolve("existing"));
        Run run = run("--noauth", "--port", freePort(), "--data-dir", data.toString(), "--name", "half-way",
                "--discovery-enroll-driver", "no-such-driver");
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("ferrum-conductor: could not start: ").contains("no-such-driver");
        assertThat(data).isDirectory();
        // A store file was made in the operator's directory, but the conductor is not left "alive" in it.
        try (Store store = Store.open(new StoreConfig.Sqlite(data, Duration.ofSeconds(5), 1), Clock.systemUTC())) {
            assertThat(store.conductors().find("half-way")).hasValueSatisfying(c -> assertThat(c.online()).isFalse());
        }
    }
}
