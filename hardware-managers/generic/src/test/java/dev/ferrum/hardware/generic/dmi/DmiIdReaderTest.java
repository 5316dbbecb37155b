package dev.ferrum.hardware.generic.dmi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Firmware;
import dev.ferrum.protocol.inventory.SystemVendor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DmiIdReaderTest {

    @Test
    void readsVendorAndFirmware() {
        assertThat(DmiIdReader.read(Fixtures.machine("server"))).isEqualTo(new SystemVendor("PowerEdge R640",
                "7XK9Q23", "Dell Inc.", Optional.of(new Firmware("Dell Inc.", "2.17.1", "11/15/2022"))));
    }

    @Test
    void withoutDmiEverythingIsIpasEmptyString() {
        assertThat(DmiIdReader.read(Fixtures.machine("vm"))).isEqualTo(SystemVendor.UNKNOWN);
    }

    @Test
    void partialDmiKeepsWhatIsThere(@TempDir Path root) throws Exception {
        Path id = root.resolve("sys/class/dmi/id");
        Files.createDirectories(id);
        Files.writeString(id.resolve("sys_vendor"), "QEMU\n");
        Files.writeString(id.resolve("product_name"), "Standard PC (Q35 + ICH9, 2009)\n");
        Files.writeString(id.resolve("bios_version"), "1.16.3-debian-1.16.3-2\n");
        assertThat(DmiIdReader.read(new MachineContext(root, new FakeCommandRunner()))).isEqualTo(new SystemVendor(
                "Standard PC (Q35 + ICH9, 2009)", "", "QEMU",
                Optional.of(new Firmware("", "1.16.3-debian-1.16.3-2", ""))));
    }
}
