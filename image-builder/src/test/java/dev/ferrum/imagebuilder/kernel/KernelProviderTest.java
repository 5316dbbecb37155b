package dev.ferrum.imagebuilder.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.debian.DebianPackages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelProviderTest {
    @TempDir
    Path dir;

    @Test
    void followsTheMetaPackageToThePinnedImagePackage() {
        FakeCommandRunner runner = new FakeCommandRunner()
                .on("apt-cache", c -> CommandResult.success(c.argv().getLast().equals("linux-image-amd64")
                        ? "Package: linux-image-amd64\nVersion: 6.1.192-2\nArchitecture: amd64\nDepends: linux-image-6.1.0-test-amd64 (= 6.1.192-2)\n"
                        : "Package: linux-image-6.1.0-test-amd64\nVersion: 6.1.192-2\nArchitecture: amd64\n"))
                .on("apt-get", c -> {
                    touch(c.workingDirectory().orElseThrow().resolve("linux-image-6.1.0-test-amd64_6.1.192-2_amd64.deb"));
                    return CommandResult.success("");
                })
                .on("dpkg-deb", c -> {
                    KernelFixture.write(Path.of(c.argv().get(3)));
                    return CommandResult.success("");
                });

        Kernel kernel = new KernelProvider(new DebianPackages(runner, dir)).provide(new KernelSource.DebianPackage("linux-image-amd64", Optional.empty()));

        assertThat(kernel.version()).isEqualTo(KernelFixture.VERSION);
        assertThat(kernel.origin()).isEqualTo("linux-image-6.1.0-test-amd64 6.1.192-2");
        assertThat(kernel.image()).exists().hasFileName("vmlinuz-" + KernelFixture.VERSION);
        assertThat(runner.calls("apt-cache").getLast().argv()).containsExactly("apt-cache", "show", "--no-all-versions",
                "linux-image-6.1.0-test-amd64=6.1.192-2");
    }

    @Test
    void localFilesAreUsedAsTheyAre() {
        Path root = KernelFixture.write(dir);

        Kernel kernel = new KernelProvider(new DebianPackages(new FakeCommandRunner(), dir))
                .provide(new KernelSource.Files(KernelFixture.image(root), KernelFixture.modulesDirectory(root)));

        assertThat(kernel).isEqualTo(new Kernel(KernelFixture.image(root), KernelFixture.modulesDirectory(root), KernelFixture.VERSION, "files"));
    }

    @Test
    void missingLocalFilesSayWhatToPass() {
        KernelProvider provider = new KernelProvider(new DebianPackages(new FakeCommandRunner(), dir));

        assertThatThrownBy(() -> provider.provide(new KernelSource.Files(dir.resolve("nope"), dir)))
                .isInstanceOf(ImageBuildException.class).hasMessageContaining("--kernel");
    }

    private static void touch(Path file) {
        try {
            Files.writeString(file, "deb");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
