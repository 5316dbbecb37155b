package dev.ferrum.hardware.generic.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineFilesTest {

    @Test
    void missingAndBlankFilesAreAbsent(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("blank"), " \n\t");
        assertThat(MachineFiles.text(dir.resolve("missing"))).isEmpty();
        assertThat(MachineFiles.text(dir.resolve("blank"))).isEmpty();
        assertThat(MachineFiles.text(dir)).as("a directory is not a file").isEmpty();
        assertThat(MachineFiles.number(dir.resolve("missing"))).isEmpty();
        assertThat(MachineFiles.names(dir.resolve("missing"))).isEmpty();
        assertThat(MachineFiles.linkTarget(dir.resolve("blank"))).isEmpty();
        assertThat(MachineFiles.realPath(dir.resolve("missing"))).isEmpty();
    }

    @Test
    void textIsStrippedOfWhitespaceAndNuls(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("model"), "SAMSUNG MZ7LH480   \n\0\0".getBytes());
        Files.writeString(dir.resolve("lines"), "\nfirst\nsecond\n");
        assertThat(MachineFiles.text(dir.resolve("model"))).contains("SAMSUNG MZ7LH480");
        assertThat(MachineFiles.firstLine(dir.resolve("lines"))).contains("first");
    }

    @Test
    void numbersMustBeWhole(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("size"), "937703088\n");
        Files.writeString(dir.resolve("speed"), "-1\n");
        Files.writeString(dir.resolve("junk"), "12 MB\n");
        assertThat(MachineFiles.number(dir.resolve("size"))).contains(937_703_088L);
        assertThat(MachineFiles.number(dir.resolve("speed"))).contains(-1L);
        assertThat(MachineFiles.number(dir.resolve("junk"))).isEmpty();
    }

    @Test
    void linksAreReadAsWritten(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("devices/0000:5e:00.0"));
        Files.createSymbolicLink(dir.resolve("device"), Path.of("devices/0000:5e:00.0"));
        Files.createSymbolicLink(dir.resolve("dangling"), Path.of("../../bus/pci/drivers/i40e"));
        assertThat(MachineFiles.linkName(dir.resolve("device"))).contains("0000:5e:00.0");
        assertThat(MachineFiles.linkName(dir.resolve("dangling"))).contains("i40e");
        assertThat(MachineFiles.realPath(dir.resolve("device")).map(p -> p.getFileName().toString()))
                .contains("0000:5e:00.0");
        assertThat(MachineFiles.names(dir)).containsExactly("dangling", "device", "devices");
    }
}
