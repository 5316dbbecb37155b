package dev.ferrum.imagebuilder.busybox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.debian.DebianPackages;
import dev.ferrum.imagebuilder.elf.ElfFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BusyboxProviderTest {
    @TempDir
    Path dir;

    @Test
    void asksAStaticBusyboxForItsAppletsAndVersion() throws IOException {
        Path busybox = Files.write(dir.resolve("busybox"), ElfFixtures.staticProgram());
        FakeCommandRunner runner = new FakeCommandRunner().on("busybox", c -> c.argv().contains("--list-full")
                ? CommandResult.success("usr/bin/wget\nbin/sh\n\n")
                : new CommandResult(0, "BusyBox v1.35.0 (Debian 1:1.35.0-4+deb12u1+b1) multi-call binary.\nUsage: ...\n", ""));

        Busybox found = new BusyboxProvider(runner, new DebianPackages(runner, dir)).provide(new BusyboxSource.HostFile(busybox));

        assertThat(found).isEqualTo(new Busybox(busybox, "BusyBox v1.35.0 (Debian 1:1.35.0-4+deb12u1+b1) multi-call binary.",
                List.of("bin/sh", "usr/bin/wget")));
    }

    @Test
    void refusesADynamicallyLinkedBusybox() throws IOException {
        Path busybox = Files.write(dir.resolve("busybox"), ElfFixtures.dynamic(Optional.of("/lib64/ld-linux-x86-64.so.2"),
                List.of("libc.so.6"), Optional.empty()));
        FakeCommandRunner runner = new FakeCommandRunner();

        assertThatThrownBy(() -> new BusyboxProvider(runner, new DebianPackages(runner, dir)).provide(new BusyboxSource.HostFile(busybox)))
                .isInstanceOf(ImageBuildException.class).hasMessageContaining("busybox-static");
    }
}
