package dev.ferrum.integration.vm;

import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.build.AgentInput;
import dev.ferrum.imagebuilder.build.BuildConfig;
import dev.ferrum.imagebuilder.build.InitSettings;
import dev.ferrum.imagebuilder.build.JavaSettings;
import dev.ferrum.imagebuilder.build.OutputSettings;
import dev.ferrum.imagebuilder.build.RamdiskBuilder;
import dev.ferrum.imagebuilder.busybox.BusyboxSource;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import dev.ferrum.imagebuilder.elf.ElfFile;
import dev.ferrum.imagebuilder.init.ExitAction;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The real agent ramdisk for VMs, built with the image builder's API from the agent as Maven built
 * it ({@code agent/target}: the jar beside {@code lib/}), as {@code -Pramdisk} does: Debian's
 * kernel as a bzImage (iPXE boots only the compressed kernel), a zstd initramfs, the AppCDS class
 * cache (not JDK 25's AOT cache: it carries adapter code for the build host's CPU, and the VM's
 * emulated CPU dies on it with SIGILL), and the host's software RAID tools ({@link BuildConfig#DEFAULT_HOST_BINARIES}). Kept in {@code <cache>/vm-ramdisk/<key>} where the key is the sha256 of every input this
 * class controls (the agent's jars, the image builder's own classes, the build settings, the JDK),
 * so CI builds it once per agent and builder. The kernel package is whatever apt offers at the first
 * build; the image builder caches it by version itself. The image builder's default host
 * programs (efibootmgr, for a UEFI deploy's boot entry) go in where the host has them, as with {@code -Pramdisk}.
 *
 * @param kernel the bzImage
 * @param initramfs the zstd initramfs
 */
record AgentRamdisk(Path kernel, Path initramfs) {
    /** Bump when the build settings below change in a way the key does not see. */
    private static final String RECIPE = "vm-ramdisk-3:zstd10:appcds-run-path:release21:poweroff:dhcp60:efibootmgr:mdadm-parted";

    static AgentRamdisk buildOrReuse(Path agentDirectory, Path cacheDirectory) throws IOException {
        AgentInput agent = new AgentInput(agentDirectory, "ferrum-agent.jar", List.of(), List.of("run"),
                AgentInput.DEFAULT_TRAINING_ARGUMENTS);
        Path java = Path.of(System.getProperty("java.home"));
        List<Path> hostBinaries = BuildConfig.withDefaults(BuildConfig.DEFAULT_HOST_BINARIES, List.of());
        List<Path> inputs = new java.util.ArrayList<>(agent.jars());
        inputs.addAll(hostBinaries);
        String key = key(inputs, java);
        Path done = cacheDirectory.resolve("vm-ramdisk").resolve(key);
        if (Files.isRegularFile(done.resolve("initramfs")) && Files.isRegularFile(done.resolve("vmlinuz"))) {
            return new AgentRamdisk(done.resolve("vmlinuz"), done.resolve("initramfs"));
        }
        CommandRunner runner = new ProcessCommandRunner(Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin:/bin")
                .split(File.pathSeparator)).map(Path::of).toList());
        Path hostBusybox = Path.of("/bin/busybox");
        BusyboxSource busybox = ElfFile.isElf(hostBusybox) && ElfFile.read(hostBusybox).isStatic()
                ? new BusyboxSource.HostFile(hostBusybox) : new BusyboxSource.DebianPackage();
        Path scratch = Files.createDirectories(done.getParent()).resolve(key + ".building-" + ProcessHandle.current().pid());
        new RamdiskBuilder(runner, line -> { }).build(new BuildConfig(agent,
                new KernelSource.DebianPackage("linux-image-amd64", Optional.empty()), BuildConfig.DEFAULT_MODULES, busybox,
                new JavaSettings(java, 21, JlinkOptions.defaults(), ClassCacheMode.APPCDS, JavaSettings.DEFAULT_JVM_FLAGS),
                new InitSettings(ExitAction.POWEROFF, Duration.ofSeconds(10), Duration.ofSeconds(60)),
                new OutputSettings(scratch, Compression.ZSTD, 10, false, false),
                hostBinaries, BuildConfig.DEFAULT_LIBRARY_SEARCH_PATH, cacheDirectory, BuildConfig.DEFAULT_MTIME));
        // Renamed only when complete, so a build that died half-way is never reused.
        try {
            Files.move(scratch, done, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
            // Another run finished the same inputs first; its ramdisk is the same.
        }
        return new AgentRamdisk(done.resolve("vmlinuz"), done.resolve("initramfs"));
    }

    private static String key(List<Path> jars, Path javaHome) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((RECIPE + "\n" + javaHome + "\n" + Runtime.version() + "\n").getBytes(StandardCharsets.UTF_8));
            List<Path> inputs = new java.util.ArrayList<>(jars);
            // A change to the builder (its /init, its planner) changes the ramdisk as much as the agent does.
            Path builder = Path.of(RamdiskBuilder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            try (var files = Files.walk(builder)) {
                files.filter(Files::isRegularFile).sorted().forEach(inputs::add);
            }
            for (Path input : inputs) {
                digest.update((input.getFileName() + "\n").getBytes(StandardCharsets.UTF_8));
                try (InputStream in = Files.newInputStream(input)) {
                    digest.update(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
                }
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 24);
        } catch (NoSuchAlgorithmException | java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
