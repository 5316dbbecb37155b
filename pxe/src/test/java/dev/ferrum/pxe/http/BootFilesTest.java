package dev.ferrum.pxe.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Path resolution on its own: nothing outside the boot directory is ever reachable. */
class BootFilesTest {
    @TempDir
    Path scratch;
    private Path root;
    private BootFiles files;

    @BeforeEach
    void layOut() throws IOException {
        root = Files.createDirectories(scratch.resolve("boot"));
        Files.writeString(scratch.resolve("secret.txt"), "outside");
        Files.writeString(root.resolve("agent.kernel"), "kernel");
        Files.createDirectories(root.resolve("plugins"));
        Files.writeString(root.resolve("plugins/acme.cpio"), "plugin");
        Files.writeString(root.resolve(".hidden"), "hidden");
        Files.createSymbolicLink(root.resolve("escape"), scratch.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("escape-dir"), scratch);
        Files.createSymbolicLink(root.resolve("current.kernel"), root.resolve("agent.kernel"));
        files = new BootFiles(root);
    }

    @Test
    void findsFilesAndFilesInSubdirectories() {
        assertThat(files.resolve("agent.kernel")).contains(root.resolve("agent.kernel"));
        assertThat(files.resolve("plugins/acme.cpio")).contains(root.resolve("plugins/acme.cpio"));
    }

    @Test
    void followsLinksThatStayInside() {
        assertThat(files.resolve("current.kernel")).contains(root.resolve("agent.kernel"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "..", "../secret.txt", "plugins/../../secret.txt", "./agent.kernel", "plugins/./acme.cpio",
            "/etc/passwd", "//etc/passwd", "plugins//acme.cpio", "..\\secret.txt", "plugins\\..\\..\\secret.txt",
            ".hidden", "escape", "escape-dir/secret.txt", "plugins", "missing", "agent.kernel/", "agent.kernel\0.png"})
    void refusesEverythingElse(String path) {
        assertThat(files.resolve(path)).isEmpty();
    }

    @Test
    void aMissingDirectoryServesNothing() {
        assertThat(new BootFiles(scratch.resolve("absent")).resolve("agent.kernel")).isEmpty();
    }
}
