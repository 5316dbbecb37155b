package dev.ferrum.imagebuilder.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DebianPackagesTest {
    private static final byte[] DEB = "!<arch>\nbusybox\n".getBytes(StandardCharsets.UTF_8);
    @TempDir
    Path dir;

    static String stanza(String sha256) {
        return """
                Package: busybox-static
                Version: 1:1.35.0-4+deb12u1+b1
                Architecture: amd64
                Depends: libc6 (>= 2.36), foo | bar,
                 linux-image-6.1.0-56-amd64 (= 6.1.192-2)
                Description: Standalone rescue shell
                SHA256: %s

                Package: busybox-static
                Version: 1:1.30.1-6
                """.formatted(sha256);
    }

    @Test
    void parsesTheFirstStanzaWithContinuationLinesAndPinnedVersions() {
        DebianPackage pkg = DebianPackage.parse(stanza("abc"));

        assertThat(pkg.name()).isEqualTo("busybox-static");
        assertThat(pkg.version()).isEqualTo("1:1.35.0-4+deb12u1+b1");
        assertThat(pkg.fileName()).isEqualTo("busybox-static_1%3a1.35.0-4+deb12u1+b1_amd64.deb");
        assertThat(pkg.depends()).containsExactly(
                new DebianPackage.Dependency("libc6", Optional.empty()),
                new DebianPackage.Dependency("foo", Optional.empty()),
                new DebianPackage.Dependency("linux-image-6.1.0-56-amd64", Optional.of("6.1.192-2")));
    }

    @Test
    void downloadsVerifiesExtractsOnceAndThenWorksFromTheCache() {
        String sha = PlanBuilder.sha256(DEB);
        FakeCommandRunner runner = fakeApt(sha, DEB);
        DebianPackages packages = new DebianPackages(runner, dir);

        DebianPackage pkg = packages.describe("busybox-static", Optional.empty());
        Path extracted = packages.extract(pkg);
        Path again = packages.extract(packages.describe("busybox-static", Optional.empty()));

        assertThat(extracted).isEqualTo(again);
        assertThat(extracted.resolve("bin/busybox")).hasContent("busybox");
        assertThat(runner.calls("apt-get")).singleElement().satisfies(c -> {
            assertThat(c.argv()).containsExactly("apt-get", "download", "busybox-static=1:1.35.0-4+deb12u1+b1");
            assertThat(c.workingDirectory()).contains(dir.resolve("debs"));
        });
        assertThat(runner.calls("dpkg-deb")).hasSize(1);
    }

    @Test
    void aDownloadThatDoesNotMatchItsChecksumIsRejected() {
        FakeCommandRunner runner = fakeApt("0".repeat(64), DEB);
        DebianPackages packages = new DebianPackages(runner, dir);

        assertThatThrownBy(() -> packages.download(packages.describe("busybox-static", Optional.empty())))
                .isInstanceOf(ImageBuildException.class).hasMessageContaining("does not match the sha256");
    }

    static FakeCommandRunner fakeApt(String sha256, byte[] deb) {
        return new FakeCommandRunner()
                .on("apt-cache", c -> CommandResult.success(stanza(sha256)))
                .on("apt-get", c -> write(c.workingDirectory().orElseThrow().resolve("busybox-static_1%3a1.35.0-4+deb12u1+b1_amd64.deb"), deb))
                .on("dpkg-deb", c -> write(Path.of(c.argv().get(3)).resolve("bin/busybox"), "busybox".getBytes(StandardCharsets.UTF_8)));
    }

    private static CommandResult write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
            return CommandResult.success("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
