package dev.ferrum.hardware.generic.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostnameReaderTest {

    @Test
    void theKernelsNameWins() {
        assertThat(HostnameReader.read(Fixtures.machine("server"))).contains("node-17.rack3.example.net");
    }

    @Test
    void etcHostnameIsTheFallback(@TempDir Path root) throws Exception {
        MachineContext machine = new MachineContext(root, new FakeCommandRunner());
        assertThat(HostnameReader.read(machine)).isEmpty();
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(root.resolve("etc/hostname"), "# set by the installer\n");
        Files.writeString(root.resolve("etc/hostname"), "compute-3\n");
        assertThat(HostnameReader.read(machine)).contains("compute-3");
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.writeString(root.resolve("proc/sys/kernel/hostname"), "(none)\n");
        assertThat(HostnameReader.read(machine)).contains("compute-3");
    }
}
