package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.ConductorCommand.settingsFrom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.sealing.SealingException;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The secrets-at-rest and image-source flags: parsed, checked at start, and acted on. */
class SecretsFlagsTest {
    @TempDir
    Path temp;

    private Path keyFile(String name, String permissions) throws Exception {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        Path file = Files.writeString(temp.resolve(name), Base64.getEncoder().encodeToString(key) + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }


    @Test
    void theFlagsReachTheSettings() throws Exception {
        Path current = keyFile("new.key", "rw-------");
        Path old = keyFile("old.key", "rw-------");

        ConductorSettings settings = settingsFrom("--noauth", "--secrets-key-file", current.toString(),
                "--secrets-old-key-file", old.toString(), "--rotate-secrets",
                "--file-image-dir", "/srv/images", "--file-image-dir", "/opt/cache/files");

        assertThat(settings.secrets()).isEqualTo(new SecretsSettings(Optional.of(current), List.of(old), true));
        assertThat(settings.imageSources().fileDirectories()).as("the flag replaces the default")
                .containsExactly(Path.of("/srv/images"), Path.of("/opt/cache/files"));
        assertThat(settingsFrom("--noauth").imageSources().fileDirectories())
                .containsExactly(Path.of("/var/lib/ironic"));
        assertThat(settingsFrom("--noauth", "--file-image-dir", "").imageSources().fileDirectories()).isEmpty();
        assertThat(settingsFrom("--noauth").secrets()).isEqualTo(SecretsSettings.clear());
    }

    @Test
    void inconsistentFlagsAreRefused() {
        for (List<String> args : List.of(List.of("--noauth", "--rotate-secrets"),
                List.of("--noauth", "--secrets-old-key-file", "/tmp/k"),
                List.of("--noauth", "--file-image-dir", "images"),
                List.of("--noauth", "--file-image-dir", "/srv/../etc"))) {
            StringWriter err = new StringWriter();
            int exit = new CommandLine(new ConductorCommand().spec()).setErr(new PrintWriter(err)).execute(args.toArray(String[]::new));
            assertThat(exit).as(args.toString()).isEqualTo(2);
            assertThat(err.toString()).containsAnyOf("--secrets-key-file", "--file-image-dir must be an absolute path");
        }
    }

    @Test
    void aWorldReadableKeyStopsTheStartWithOneLine() throws Exception {
        Path open = keyFile("open.key", "rw-r--r--");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        StringWriter err = new StringWriter();

        int exit = new CommandLine(new ConductorCommand().spec()).setErr(new PrintWriter(err)).execute("--noauth",
                "--port", Integer.toString(port), "--data-dir", temp.resolve("data").toString(),
                "--secrets-key-file", open.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString().strip()).startsWith("ferrum-conductor: secrets key file " + open)
                .contains("chmod 600").doesNotContain("\n");
    }

    @Test
    void rotateSecretsAtStartEncryptsWhatWasStoredInClear() throws Exception {
        Path data = temp.resolve("data");
        UUID uuid = UUID.randomUUID();
        try (Store clear = Store.open(StoreConfig.Sqlite.in(data), Clock.systemUTC())) {
            clear.nodes().create(Node.builder(uuid, "fake-hardware", Instant.now()).driverInfo(JsonDict.empty()
                    .with("ipmi_address", "10.1.1.1").with("ipmi_password", "in-the-clear")).build());
        }
        Path key = keyFile("k", "rw-------");
        ConductorSettings flags = settingsFrom("--noauth", "--data-dir", data.toString(), "--secrets-key-file",
                key.toString(), "--rotate-secrets");
        ConductorSettings settings = new ConductorSettings(flags.host(), 0, flags.publicUrl(), flags.dataDir(),
                flags.databaseUrl(), flags.auth(), flags.bootFiles(), flags.automatedClean(), "rotating",
                flags.heartbeatInterval(), flags.sweepInterval(), flags.cleanStepPriorities(), flags.dhcpHostsDirectory(),
                flags.kernelParameters(), flags.agentCaFile(), flags.inspect(), flags.pxeFilter(), flags.tls(),
                flags.secrets(), flags.imageSources(), flags.plainBootPort());

        try (ConductorServer server = ConductorServer.start(settings)) {
            assertThat(server.port()).isPositive();
        }

        try (var connection = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("ferrum.db"));
             var select = connection.prepareStatement("SELECT driver_info FROM nodes WHERE uuid = ?")) {
            select.setString(1, uuid.toString());
            try (var row = select.executeQuery()) {
                assertThat(row.next()).isTrue();
                assertThat(row.getString(1)).doesNotContain("in-the-clear").contains("ferrum-enc").contains("10.1.1.1");
            }
        }
        try (Store withoutKey = Store.open(StoreConfig.Sqlite.in(data), Clock.systemUTC())) {
            assertThatThrownBy(() -> withoutKey.nodes().get(uuid)).isInstanceOf(SealingException.class);
        }
    }
}
