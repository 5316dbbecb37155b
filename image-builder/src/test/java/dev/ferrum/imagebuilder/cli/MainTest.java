package dev.ferrum.imagebuilder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.imagebuilder.Main;
import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.build.BuildConfig;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.init.ExitAction;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MainTest {
    private static final Environment ENVIRONMENT = new Environment(Optional.of(Instant.ofEpochSecond(1700000000)),
            Path.of("/jdk"), Path.of("/cache"));
    @TempDir
    Path dir;

    @Test
    void buildOptionsBecomeATypedConfig() {
        CommandLine cli = Main.commandLine(ENVIRONMENT, new FakeCommandRunner());
        CommandLine.ParseResult parsed = cli.parseArgs("build", "-o", "out", "--kernel", "vmlinuz", "--modules", "lib/modules/6.1",
                "--extra-module", "bnxt_en", "--class-cache", "aot", "--on-exit", "reboot", "--compression", "none",
                "--agent-command", "run --verbose", "--vmlinux", "--no-rootfs-tar");

        BuildConfig config = ((BuildCommand) parsed.subcommand().commandSpec().userObject()).config();

        assertThat(config.kernel()).isEqualTo(new KernelSource.Files(Path.of("vmlinuz"), Path.of("lib/modules/6.1")));
        assertThat(config.kernelModules()).startsWith("virtio_pci").endsWith("sd_mod", "bnxt_en");
        assertThat(config.java().classCache()).isEqualTo(ClassCacheMode.AOT);
        assertThat(config.java().jdkHome()).isEqualTo(Path.of("/jdk"));
        assertThat(config.init().onExit()).isEqualTo(ExitAction.REBOOT);
        assertThat(config.output().compression()).isEqualTo(Compression.NONE);
        assertThat(config.output().vmlinux()).isTrue();
        assertThat(config.output().rootfsTar()).isFalse();
        assertThat(config.agent().runArguments()).containsExactly("run", "--verbose");
        assertThat(config.agent().trainingArguments()).containsExactly("run", "--root", "{training-root}");
        assertThat(config.cacheDirectory()).isEqualTo(Path.of("/cache"));
        assertThat(config.mtime()).isEqualTo(Instant.ofEpochSecond(1700000000));
    }

    @Test
    void defaultsFetchDebiansKernelAndUseTheFixedEpochWithoutSourceDateEpoch() {
        CommandLine cli = Main.commandLine(new Environment(Optional.empty(), Path.of("/jdk"), Path.of("/cache")), new FakeCommandRunner());
        CommandLine.ParseResult parsed = cli.parseArgs("build", "-o", "out");

        BuildConfig config = ((BuildCommand) parsed.subcommand().commandSpec().userObject()).config();

        assertThat(config.kernel()).isEqualTo(new KernelSource.DebianPackage("linux-image-amd64", Optional.empty()));
        assertThat(config.kernelModules()).isEqualTo(BuildConfig.DEFAULT_MODULES);
        assertThat(config.mtime()).isEqualTo(BuildConfig.DEFAULT_MTIME);
        assertThat(config.output().compression()).isEqualTo(Compression.ZSTD);
        assertThat(config.java().classCache()).isEqualTo(ClassCacheMode.APPCDS);
    }

    @Test
    void hostBinariesFollowTheDefaultsUnlessTheseAreTurnedOff() {
        List<Path> defaults = config("build", "-o", "out", "--host-binary", "/usr/bin/qemu-img", "--no-lldp").hostBinaries();
        List<Path> chosen = config("build", "-o", "out", "--host-binary", "/usr/bin/qemu-img", "--no-default-host-binaries",
                "--no-lldp").hostBinaries();

        // The defaults are taken where this host has them, so only their place is fixed here.
        assertThat(defaults).endsWith(Path.of("/usr/bin/qemu-img"))
                .isEqualTo(BuildConfig.withDefaults(BuildConfig.DEFAULT_HOST_BINARIES, List.of(Path.of("/usr/bin/qemu-img"))));
        assertThat(chosen).containsExactly(Path.of("/usr/bin/qemu-img"));
    }

    @Test
    void theDefaultRamdiskCarriesTcpdumpForLldpUnlessLeftOut() {
        assertThat(config("build", "-o", "out", "--no-default-host-binaries").hostBinaries())
                .containsExactly(BuildConfig.LLDP_CAPTURE);
        assertThat(BuildConfig.LLDP_CAPTURE).isEqualTo(Path.of("/usr/bin/tcpdump"));

        assertThat(config("build", "-o", "out", "--host-binary", "/usr/bin/qemu-img", "--no-default-host-binaries")
                .hostBinaries()).containsExactly(Path.of("/usr/bin/qemu-img"), BuildConfig.LLDP_CAPTURE);

        assertThat(config("build", "-o", "out", "--host-binary", "/opt/sbin/tcpdump", "--no-default-host-binaries")
                .hostBinaries()).as("an operator's own tcpdump replaces the default")
                .containsExactly(Path.of("/opt/sbin/tcpdump"));

        assertThat(config("build", "-o", "out", "--no-lldp", "--no-default-host-binaries").hostBinaries()).isEmpty();
    }

    /** The build configuration {@code args} parse to. */
    private static BuildConfig config(String... args) {
        return ((BuildCommand) Main.commandLine(ENVIRONMENT, new FakeCommandRunner()).parseArgs(args).subcommand()
                .commandSpec().userObject()).config();
    }

    @Test
    void rootfsOnlyAsksForNoKernel() {
        CommandLine cli = Main.commandLine(ENVIRONMENT, new FakeCommandRunner());
        CommandLine.ParseResult parsed = cli.parseArgs("build", "-o", "out", "--rootfs-only");

        BuildConfig config = ((BuildCommand) parsed.subcommand().commandSpec().userObject()).config();

        assertThat(config.kernel()).isEqualTo(new KernelSource.RootfsOnly());
        assertThat(config.output().rootfsTar()).isTrue();
        assertThat(config.output().vmlinux()).isFalse();
    }

    @Test
    void rootfsOnlyWithKernelOutputsIsAUsageError() {
        assertThat(run("build", "-o", "out", "--rootfs-only", "--vmlinux")).startsWith("2:").contains("--rootfs-only");
        assertThat(run("build", "-o", "out", "--rootfs-only", "--no-rootfs-tar")).startsWith("2:").contains("--rootfs-only");
        assertThat(run("build", "-o", "out", "--rootfs-only", "--kernel", "vmlinuz", "--modules", "m"))
                .startsWith("2:").contains("--rootfs-only");
    }

    @Test
    void badWordsAndHalfAKernelAreUsageErrors() {
        assertThat(run("build", "-o", "out", "--class-cache", "fast")).startsWith("2:").contains("appcds, aot, none");
        assertThat(run("build", "-o", "out", "--kernel", "vmlinuz")).startsWith("2:").contains("--kernel and --modules go together");
    }

    @Test
    void buildErrorsPrintOneLineSayingWhatToDo() {
        String result = run("build", "-o", dir.resolve("out").toString(), "--kernel", dir.resolve("none").toString(),
                "--modules", dir.toString(), "--cache-dir", dir.resolve("cache").toString());

        assertThat(result).startsWith("1:").contains("ferrum-image-builder: error: kernel image").contains("pass a bzImage");
    }

    @Test
    void pluginInitrdPacksJarsUnderOptFerrumPlugins() throws IOException {
        Path jar = Files.writeString(dir.resolve("acme.jar"), "PK fake jar");
        Path out = dir.resolve("plugins.cpio");

        assertThat(run("plugin-initrd", "-o", out.toString(), jar.toString())).startsWith("0:");

        List<String> names = new ArrayList<>();
        try (CpioArchiveInputStream in = new CpioArchiveInputStream(new ByteArrayInputStream(Files.readAllBytes(out)))) {
            for (CpioArchiveEntry e; (e = in.getNextEntry()) != null; ) {
                names.add(e.getName() + "@" + e.getTime());
            }
        }
        assertThat(names).containsExactly("opt@1700000000", "opt/ferrum@1700000000", "opt/ferrum/plugins@1700000000",
                "opt/ferrum/plugins/acme.jar@1700000000");
        byte[] first = Files.readAllBytes(out);
        run("plugin-initrd", "-o", out.toString(), jar.toString());
        assertThat(out).hasBinaryContent(first);
    }

    private String run(String... args) {
        StringWriter text = new StringWriter();
        CommandLine cli = Main.commandLine(ENVIRONMENT, new FakeCommandRunner());
        cli.setOut(new PrintWriter(text));
        cli.setErr(new PrintWriter(text));
        int code = cli.execute(args);
        return code + ":" + text;
    }
}
