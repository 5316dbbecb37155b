package dev.ferrum.imagebuilder.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.archive.Compressor;
import dev.ferrum.imagebuilder.build.AgentInput;
import dev.ferrum.imagebuilder.build.BuildConfig;
import dev.ferrum.imagebuilder.build.BuildResult;
import dev.ferrum.imagebuilder.build.InitSettings;
import dev.ferrum.imagebuilder.build.JavaSettings;
import dev.ferrum.imagebuilder.build.OutputSettings;
import dev.ferrum.imagebuilder.build.PluginInitrdBuilder;
import dev.ferrum.imagebuilder.build.RamdiskBuilder;
import dev.ferrum.imagebuilder.build.TinyAgent;
import dev.ferrum.imagebuilder.busybox.BusyboxSource;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import dev.ferrum.imagebuilder.elf.ElfFile;
import dev.ferrum.imagebuilder.init.ExitAction;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Boots a real ramdisk (Debian's kernel, a tiny Java agent) in QEMU under TCG with user
 * networking and checks, from the serial console, that /init loaded the modules, got a DHCP
 * lease, took plugins from a second initrd and from a verified URL, refused a tampered one, and
 * started Java. Skips itself, saying why, without qemu-system-x86_64 or a Debian kernel package.
 */
@Tag("qemu")
class QemuBootSmokeTest {
    private static final Duration BUDGET = Duration.ofMinutes(4);
    @TempDir
    Path dir;

    @Test
    void theRamdiskBootsToJavaWithNetworkAndPlugins() throws Exception {
        CommandRunner runner = new ProcessCommandRunner(Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin:/bin")
                .split(File.pathSeparator)).map(Path::of).toList());
        skipUnless(runner.isAvailable("qemu-system-x86_64"), "skipped: qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)");
        skipUnless(runner.isAvailable("apt-cache") && runner.run(Command.of("apt-cache", "show", "--no-all-versions",
                "linux-image-amd64")).succeeded(), "skipped: no Debian kernel package linux-image-amd64 known to apt");
        skipUnless(runner.isAvailable("zstd") && runner.isAvailable("xz") && runner.isAvailable("strip"),
                "skipped: zstd, xz-utils and binutils are needed");
        Path cache = Path.of(System.getProperty("ferrum.cacheDir", dir.resolve("cache").toString()));
        Path hostBusybox = Path.of("/bin/busybox");
        BusyboxSource busybox = ElfFile.isElf(hostBusybox) && ElfFile.read(hostBusybox).isStatic()
                ? new BusyboxSource.HostFile(hostBusybox) : new BusyboxSource.DebianPackage();
        TinyAgent.write(dir.resolve("agent"));

        BuildResult build = new RamdiskBuilder(runner, line -> { }).build(new BuildConfig(
                new AgentInput(dir.resolve("agent"), "ferrum-agent.jar", List.of(), List.of("run"), List.of()),
                new KernelSource.DebianPackage("linux-image-amd64", Optional.empty()), BuildConfig.DEFAULT_MODULES, busybox,
                new JavaSettings(Path.of(System.getProperty("java.home")), 21, JlinkOptions.defaults(), ClassCacheMode.APPCDS,
                        JavaSettings.DEFAULT_JVM_FLAGS),
                new InitSettings(ExitAction.POWEROFF, Duration.ZERO, Duration.ofSeconds(60)),
                new OutputSettings(dir.resolve("out"), Compression.ZSTD, 10, true, false),
                List.of(), BuildConfig.DEFAULT_LIBRARY_SEARCH_PATH, cache, BuildConfig.DEFAULT_MTIME));
        assertThat(build.manifest().bootBytes()).isLessThan(90L * 1000 * 1000);

        Path baked = Files.writeString(dir.resolve("baked.jar"), "baked plugin");
        Path pluginInitrd = dir.resolve("plugins.cpio");
        new PluginInitrdBuilder(new Compressor(runner, 10)).build(List.of(baked), pluginInitrd, Compression.NONE, BuildConfig.DEFAULT_MTIME);
        Path initrd = concatenate(dir.resolve("out/initramfs"), pluginInitrd);

        byte[] good = "good plugin".getBytes(StandardCharsets.UTF_8);
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, good.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(good);
            }
        });
        http.start();
        int port = http.getAddress().getPort();
        String append = "console=ttyS0 quiet ferrum-plugin-url=http://10.0.2.2:" + port + "/good.jar#sha256=" + PlanBuilder.sha256(good)
                + " ferrum-plugin-url=http://10.0.2.2:" + port + "/evil.jar#sha256=" + "0".repeat(64);
        Process qemu = new ProcessBuilder("qemu-system-x86_64", "-accel", "tcg", "-m", "1024", "-nographic", "-no-reboot",
                "-kernel", dir.resolve("out/vmlinux").toString(), "-initrd", initrd.toString(), "-append", append,
                "-netdev", "user,id=n0", "-device", "virtio-net-pci,netdev=n0")
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        List<String> console = new ArrayList<>();
        long started = System.nanoTime();
        // One reader for the whole boot: a second one would miss what the first had buffered.
        BufferedReader reader = new BufferedReader(new InputStreamReader(qemu.getInputStream(), StandardCharsets.UTF_8));
        try {
            String marker = waitFor(qemu, reader, console, TinyAgent.MARKER);
            double seconds = (System.nanoTime() - started) / 1e9;
            waitFor(qemu, reader, console, "ferrum-init: poweroff");
            System.out.printf("QEMU start to Java marker: %.1f s%n%s%n", seconds, String.join("\n", console));

            assertThat(marker).contains("args=run,--plugins,/opt/ferrum/plugins");
            assertThat(marker).contains("interface=eth0").contains("ip=10.0.2.15");
            assertThat(marker).contains("plugins=[baked.jar, good.jar]");
            assertThat(console).anySatisfy(line -> assertThat(line)
                    .contains("refusing plugin http://10.0.2.2:" + port + "/evil.jar: its sha256 is"));
            assertThat(console).noneSatisfy(line -> assertThat(line).contains("cannot load"));
            assertThat(seconds).isLessThan(BUDGET.toSeconds());
        } finally {
            qemu.destroyForcibly();
            qemu.waitFor(10, TimeUnit.SECONDS);
            http.stop(0);
        }
    }

    /** Says on the build log why the boot test does not run (CI installs what it needs), then skips. */
    private static void skipUnless(boolean condition, String reason) {
        if (!condition) {
            System.out.println("QemuBootSmokeTest SKIPPED, " + reason);
        }
        assumeTrue(condition, reason);
    }

    /** Reads console lines until one contains {@code text}; fails when QEMU exits or the budget is spent. */
    private static String waitFor(Process qemu, BufferedReader reader, List<String> console, String text) throws IOException {
        long deadline = System.nanoTime() + BUDGET.toNanos();
        Thread watchdog = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(BUDGET.toMillis());
                qemu.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            for (String line; (line = reader.readLine()) != null; ) {
                console.add(line);
                if (line.contains(text)) {
                    return line;
                }
                if (System.nanoTime() > deadline) {
                    break;
                }
            }
        } finally {
            watchdog.interrupt();
        }
        throw new AssertionError("no '" + text + "' on the console within " + BUDGET.toSeconds() + " s:\n" + String.join("\n", console));
    }

    /** Appends the plugin initrd at a 4-byte boundary, as the kernel requires for a following cpio. */
    private Path concatenate(Path initramfs, Path plugins) throws IOException {
        Path combined = dir.resolve("initrd");
        try (OutputStream out = Files.newOutputStream(combined)) {
            long size = Files.copy(initramfs, out);
            out.write(new byte[(int) ((4 - size % 4) % 4)]);
            Files.copy(plugins, out);
        }
        return combined;
    }
}
