package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.busybox.BusyboxSource;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.elf.ElfFixtures;
import dev.ferrum.imagebuilder.init.ExitAction;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.FakeJdk;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import dev.ferrum.imagebuilder.kernel.KernelFixture;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Small fake inputs for a whole ramdisk build without touching the system: a fake kernel and
 * module tree, a tiny agent jar with one library, a static "busybox", host "libraries", a fake
 * JDK, and a {@link FakeCommandRunner} playing jdeps, jlink, strip, java, busybox and zstd.
 */
public final class BuildFixture {
    public final Path root;
    public final Path hostLib;

    public BuildFixture(Path root) {
        this.root = root;
        this.hostLib = root.resolve("host/lib");
        try {
            KernelFixture.write(root.resolve("kernel"));
            Files.createDirectories(hostLib);
            Files.write(hostLib.resolve("libc.so.6"), ElfFixtures.dynamic(Optional.empty(), List.of("ld-linux-x86-64.so.2"), Optional.of("libc.so.6")));
            Files.write(hostLib.resolve("libm.so.6"), ElfFixtures.dynamic(Optional.empty(), List.of("libc.so.6"), Optional.of("libm.so.6")));
            Files.write(hostLib.resolve("ld-linux-x86-64.so.2"), ElfFixtures.dynamic(Optional.empty(), List.of(), Optional.empty()));
            Files.write(root.resolve("busybox"), ElfFixtures.staticProgram());
            FakeJdk.write(root.resolve("jdk"), "25.0.3");
            Path agent = Files.createDirectories(root.resolve("agent/lib"));
            jar(root.resolve("agent/ferrum-agent.jar"), "dev/ferrum/agent/Main.class", "lib/picocli.jar");
            jar(agent.resolve("picocli.jar"), "picocli/CommandLine.class", "");
            jar(root.resolve("acme-plugin.jar"), "com/acme/Manager.class", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public BuildConfig config(Path output, Path cache, Compression compression) {
        return new BuildConfig(
                new AgentInput(root.resolve("agent"), "ferrum-agent.jar", List.of(root.resolve("acme-plugin.jar")), List.of("run"),
                        List.of("inventory", "--root", AgentInput.TRAINING_ROOT)),
                new KernelSource.Files(KernelFixture.image(root.resolve("kernel")), KernelFixture.modulesDirectory(root.resolve("kernel"))),
                BuildConfig.DEFAULT_MODULES, new BusyboxSource.HostFile(root.resolve("busybox")),
                new JavaSettings(root.resolve("jdk"), 21, JlinkOptions.defaults(), ClassCacheMode.APPCDS, JavaSettings.DEFAULT_JVM_FLAGS),
                new InitSettings(ExitAction.POWEROFF, Duration.ofSeconds(10), Duration.ofSeconds(60)),
                new OutputSettings(output, compression, 10, false, true),
                List.of(), List.of(hostLib), cache, BuildConfig.DEFAULT_MTIME);
    }

    /** The tools, faked deterministically (output depends on input only). */
    public FakeCommandRunner runner() {
        return new FakeCommandRunner()
                .on("jdeps", c -> CommandResult.success("java.base,java.sql\n"))
                .on("jlink", this::jlink)
                .on("strip", c -> CommandResult.success(""))
                .on("java", BuildFixture::java)
                .on("busybox", c -> c.argv().contains("--list-full")
                        ? CommandResult.success("bin/sh\nsbin/ip\nusr/bin/wget\nlinuxrc\nbin/busybox\n")
                        : new CommandResult(0, "", "BusyBox v1.35.0 (fixture) multi-call binary.\n"))
                .on("zstd", BuildFixture::zstd);
    }

    private CommandResult jlink(Command command) {
        Path out = Path.of(command.argv().getLast());
        try {
            Files.createDirectories(out.resolve("lib/server"));
            Files.createDirectories(out.resolve("bin"));
            Files.write(out.resolve("bin/java"), ElfFixtures.dynamic(Optional.of(hostLib.resolve("ld-linux-x86-64.so.2").toString()),
                    List.of("libjli.so", "libc.so.6"), Optional.empty()));
            out.resolve("bin/java").toFile().setExecutable(true);
            Files.write(out.resolve("lib/libjli.so"), ElfFixtures.dynamic(Optional.empty(), List.of("libc.so.6"), Optional.of("libjli.so")));
            Files.write(out.resolve("lib/server/libjvm.so"), ElfFixtures.dynamic(Optional.empty(),
                    List.of("libm.so.6", "libc.so.6", "ld-linux-x86-64.so.2"), Optional.of("libjvm.so")));
            Files.writeString(out.resolve("lib/modules"), "modules image for " + command.argv().get(2));
            Files.createDirectories(out.resolve("legal/java.base"));
            Files.writeString(out.resolve("legal/java.base/LICENSE"), "GPLv2 + CPE");
            Files.createDirectories(out.resolve("legal/java.sql"));
            Files.createSymbolicLink(out.resolve("legal/java.sql/LICENSE"), Path.of("../java.base/LICENSE"));
            return CommandResult.success("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static CommandResult java(Command command) {
        try {
            for (String arg : command.argv()) {
                if (arg.equals("-XX:+PrintFlagsFinal")) {
                    return CommandResult.success("ccstr DumpLoadedClassList = {product}\nccstr SharedArchiveFile = {product}\n");
                }
                if (arg.startsWith("-XX:DumpLoadedClassList=")) {
                    Files.writeString(Path.of(arg.substring(arg.indexOf('=') + 1)), "java/lang/Object id: 0\ndev/ferrum/agent/Main id: 1\n");
                    return CommandResult.success("");
                }
                if (arg.startsWith("-XX:SharedClassListFile=")) {
                    String list = Files.readString(Path.of(arg.substring(arg.indexOf('=') + 1)));
                    Path cwd = command.workingDirectory().orElseThrow();
                    String jsa = command.argv().stream().filter(a -> a.startsWith("-XX:SharedArchiveFile=")).findFirst().orElseThrow();
                    // Like the JVM, record the jar's mtime: the archive is only valid for that mtime.
                    FileTime jarTime = Files.getLastModifiedTime(cwd.resolve(command.argv().getLast()));
                    Files.writeString(cwd.resolve(jsa.substring(jsa.indexOf('=') + 1)), "CDS " + jarTime + "\n" + list);
                    return CommandResult.success("");
                }
            }
            throw new AssertionError("unexpected java call " + command.display());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CommandResult zstd(Command command) {
        if (command.argv().contains("-V")) {
            return CommandResult.success("*** Zstandard CLI (fake) v1.5.4 ***\n");
        }
        List<String> argv = command.argv();
        try {
            byte[] input = Files.readAllBytes(Path.of(argv.get(argv.indexOf("-o") - 1)));
            try (OutputStream out = Files.newOutputStream(Path.of(argv.get(argv.indexOf("-o") + 1)))) {
                out.write("FAKEZSTD".getBytes(StandardCharsets.US_ASCII));
                out.write(input);
            }
            return CommandResult.success("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A jar with one entry and fixed times, so it is the same bytes every time. */
    static void jar(Path file, String entry, String classPath) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (!classPath.isEmpty()) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(file))) {
            JarEntry manifestEntry = new JarEntry("META-INF/MANIFEST.MF");
            manifestEntry.setLastModifiedTime(FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
            jar.putNextEntry(manifestEntry);
            manifest.write(jar);
            JarEntry jarEntry = new JarEntry(entry);
            jarEntry.setLastModifiedTime(FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
            jar.putNextEntry(jarEntry);
            jar.write(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE});
        }
    }
}
