package dev.ferrum.hardware.generic.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Boot;
import dev.ferrum.protocol.inventory.BootMode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BootReaderTest {

    @Test
    void uefiWhenTheKernelShowsEfi() {
        assertThat(BootReader.read(Fixtures.machine("server")))
                .isEqualTo(new Boot(BootMode.UEFI, Optional.of("3c:ec:ef:12:34:56")));
    }

    @Test
    void biosOtherwise() {
        assertThat(BootReader.read(Fixtures.machine("vm"))).isEqualTo(Boot.UNKNOWN);
    }

    @Test
    void aMissingCmdlineIsNoPxeInterface(@TempDir Path root) {
        assertThat(BootReader.read(new MachineContext(root, new FakeCommandRunner()))).isEqualTo(Boot.UNKNOWN);
    }
}
