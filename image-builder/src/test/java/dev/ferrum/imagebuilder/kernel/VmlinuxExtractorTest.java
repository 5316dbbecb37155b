package dev.ferrum.imagebuilder.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.elf.ElfFixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VmlinuxExtractorTest {
    @TempDir
    Path dir;

    @Test
    void handsXzTheStreamFromItsMagicOn() throws IOException {
        ByteArrayOutputStream image = new ByteArrayOutputStream();
        image.writeBytes("setup code".getBytes());
        image.writeBytes(new byte[] {(byte) 0xFD, '7', 'z', 'X', 'Z', 0, 1, 2, 3});
        Path bzImage = Files.write(dir.resolve("vmlinuz"), image.toByteArray());
        byte[][] seen = new byte[1][];
        FakeCommandRunner runner = new FakeCommandRunner().on("xz", c -> {
            try {
                seen[0] = Files.readAllBytes(Path.of(c.argv().getLast()));
                Files.write(c.stdoutFile().orElseThrow(), ElfFixtures.staticProgram());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return CommandResult.success("");
        });

        new VmlinuxExtractor(runner).extract(bzImage, dir.resolve("vmlinux"));

        assertThat(seen[0]).startsWith((byte) 0xFD, (byte) '7').endsWith((byte) 1, (byte) 2, (byte) 3).hasSize(9);
        assertThat(runner.calls("xz").getFirst().argv()).contains("--single-stream");
        assertThat(dir.resolve("vmlinux")).hasBinaryContent(ElfFixtures.staticProgram());
    }

    @Test
    void aKernelWithoutXzCannotBeUnpacked() throws IOException {
        Path bzImage = Files.writeString(dir.resolve("vmlinuz"), "gzip kernel");

        assertThatThrownBy(() -> new VmlinuxExtractor(new FakeCommandRunner()).extract(bzImage, dir.resolve("vmlinux")))
                .isInstanceOf(ImageBuildException.class).hasMessageContaining("no xz stream");
    }
}
