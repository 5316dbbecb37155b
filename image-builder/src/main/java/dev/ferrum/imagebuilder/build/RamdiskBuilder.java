package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.busybox.Busybox;
import dev.ferrum.imagebuilder.busybox.BusyboxProvider;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.debian.DebianPackages;
import dev.ferrum.imagebuilder.elf.ElfFile;
import dev.ferrum.imagebuilder.elf.NativeLibraries;
import dev.ferrum.imagebuilder.elf.SharedLibraryResolver;
import dev.ferrum.imagebuilder.init.InitConfig;
import dev.ferrum.imagebuilder.init.InitScripts;
import dev.ferrum.imagebuilder.java.ClassCache;
import dev.ferrum.imagebuilder.kernel.Kernel;
import dev.ferrum.imagebuilder.kernel.KernelModules;
import dev.ferrum.imagebuilder.kernel.KernelProvider;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import dev.ferrum.imagebuilder.kernel.ModuleDecompressor;
import dev.ferrum.imagebuilder.kernel.ModuleSelection;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.rootfs.ImageLayout;
import dev.ferrum.imagebuilder.rootfs.RamdiskContents;
import dev.ferrum.imagebuilder.rootfs.RamdiskPlanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Builds the agent ramdisk in three phases: prepare the inputs in a scratch directory (kernel,
 * modules, busybox, linked runtime, class cache, libraries, scripts), plan the image as pure data,
 * then write the outputs from the plan. Progress lines go to the given consumer.
 */
public final class RamdiskBuilder {
    /** Program and library the runtime cannot start without: their libraries must all resolve. */
    private static final Set<String> ESSENTIAL = Set.of(ImageLayout.JAVA, ImageLayout.JRE + "/lib/server/libjvm.so",
            ImageLayout.JRE + "/lib/libjli.so");
    private final CommandRunner runner;
    private final Consumer<String> progress;

    public RamdiskBuilder(CommandRunner runner, Consumer<String> progress) {
        this.runner = runner;
        this.progress = progress;
    }

    public BuildResult build(BuildConfig config) {
        Path work = scratch(config.cacheDirectory());
        try {
            return build(config, work);
        } finally {
            delete(work);
        }
    }

    private BuildResult build(BuildConfig config, Path work) {
        List<String> warnings = new ArrayList<>();
        DebianPackages packages = new DebianPackages(runner, config.cacheDirectory());

        progress.accept("kernel: " + describe(config.kernel()));
        Optional<Kernel> kernel = config.kernel() instanceof KernelSource.RootfsOnly
                ? Optional.empty()
                : Optional.of(new KernelProvider(packages).provide(config.kernel()));
        ModuleSelection modules = kernel.map(k -> KernelModules.open(k.modulesDirectory(),
                        new ModuleDecompressor(runner, work.resolve("modules")))
                .select(config.kernelModules(), name -> name.startsWith("virtio")))
                .orElse(new ModuleSelection(List.of(), List.of(), List.of()));
        if (!modules.missing().isEmpty()) {
            warnings.add("kernel " + kernel.orElseThrow().version() + " lacks modules " + modules.missing()
                    + "; machines needing them will not work");
        }

        Busybox busybox = new BusyboxProvider(runner, packages).provide(config.busybox());
        progress.accept("java: jdeps, jlink, " + config.java().classCache().name().toLowerCase() + " class cache");
        StagedJava java = new JavaStage(runner).stage(config.agent(), config.java(), work, config.cacheDirectory(), config.mtime());
        java.classCache().filter(c -> c.trainingExitCode() != 0).ifPresent(c -> warnings.add(
                "the class-cache training run exited with " + c.trainingExitCode() + "; the cache covers only what ran (check --training-args)"));

        Map<String, Path> hostBinaries = hostBinaries(config.hostBinaries());
        NativeLibraries libraries = libraries(java.root(), hostBinaries, config.librarySearchPath());
        for (NativeLibraries.Unresolved missing : libraries.unresolved()) {
            if (missing.neededBy().stream().anyMatch(ESSENTIAL::contains)) {
                throw new ImageBuildException("no host library " + missing.name() + " (needed by " + missing.neededBy()
                        + "); install it or add its directory with --library-path");
            }
            warnings.add("no host library " + missing.name() + " for " + missing.neededBy() + "; those files will fail to load");
        }

        List<String> javaCommand = javaCommand(config, java);
        List<String> agentCommand = new ArrayList<>(javaCommand);
        agentCommand.addAll(config.agent().runArguments());
        agentCommand.addAll(List.of("--plugins", ImageLayout.absolute(ImageLayout.PLUGINS)));
        InitScripts scripts = new InitScripts();
        String init = scripts.init(new InitConfig(agentCommand, config.init().onExit(), config.init().exitDelay(),
                config.init().dhcpTimeout(), ImageLayout.absolute(ImageLayout.PLUGINS), ImageLayout.absolute(ImageLayout.MODULES_LOAD)));
        RamdiskContents contents = new RamdiskContents(java.root(), kernel.map(Kernel::version), modules.loadOrder(), busybox.binary(),
                busybox.applets(), libraries, hostBinaries, init, scripts.udhcpcHook(), scripts.launcher(javaCommand), config.mtime());

        progress.accept("plan");
        BuildPlan plan = new RamdiskPlanner().plan(contents);
        progress.accept("write: " + plan.entries().size() + " entries, " + plan.contentBytes() / (1024 * 1024) + " MiB unpacked");
        return new OutputWriter(runner).write(config, plan, work, new OutputWriter.Facts(kernel, modules, busybox, java,
                libraries, agentCommand, warnings));
    }

    /** java, its flags and class cache, {@code -jar} and the agent jar: everything before the agent's arguments. */
    private static List<String> javaCommand(BuildConfig config, StagedJava java) {
        List<String> command = new ArrayList<>(List.of(ImageLayout.absolute(ImageLayout.JAVA)));
        command.addAll(config.java().jvmFlags());
        java.classCache().map(ClassCache::runtimeFlags).ifPresent(command::addAll);
        command.addAll(List.of("-jar", ImageLayout.absolute(ImageLayout.AGENT + "/" + config.agent().jarName())));
        return command;
    }

    private static Map<String, Path> hostBinaries(List<Path> binaries) {
        Map<String, Path> byImagePath = new TreeMap<>();
        for (Path binary : binaries) {
            if (binary.equals(BuildConfig.LLDP_CAPTURE) && !Files.isRegularFile(binary)) {
                throw new ImageBuildException(binary + " is missing: the ramdisk carries tcpdump for the agent's LLDP"
                        + " collection; install Debian's tcpdump package, or build with --no-lldp to leave LLDP out");
            }
            if (!ElfFile.isElf(binary)) {
                throw new ImageBuildException(binary + " is not an ELF program; --host-binary takes compiled programs");
            }
            Path previous = byImagePath.put(ImageLayout.HOST_BINARIES + "/" + binary.getFileName(), binary);
            if (previous != null) {
                throw new ImageBuildException("two host binaries are named " + binary.getFileName() + ": " + previous + " and " + binary);
            }
        }
        return byImagePath;
    }

    /** Every ELF file of the runtime plus the host binaries; the runtime's own .so names are provided. */
    private static NativeLibraries libraries(Path javaRoot, Map<String, Path> hostBinaries, List<Path> searchPath) {
        Map<String, Path> programs = new TreeMap<>(hostBinaries);
        Set<String> provided = new TreeSet<>();
        Path jre = javaRoot.resolve(ImageLayout.JRE);
        try (Stream<Path> walk = Files.walk(jre)) {
            for (Path file : walk.filter(Files::isRegularFile).filter(ElfFile::isElf).toList()) {
                programs.put(javaRoot.relativize(file).toString(), file);
                if (file.getFileName().toString().endsWith(".so")) {
                    provided.add(file.getFileName().toString());
                }
            }
        } catch (IOException e) {
            throw new ImageBuildException("cannot list the linked runtime " + jre + ": " + e.getMessage(), e);
        }
        return new SharedLibraryResolver(searchPath).resolve(programs, provided);
    }

    private static String describe(KernelSource source) {
        return switch (source) {
            case KernelSource.Files files -> files.image().toString();
            case KernelSource.DebianPackage pkg -> "Debian package " + pkg.name() + pkg.version().map(v -> "=" + v).orElse("");
            case KernelSource.RootfsOnly rootfsOnly -> "none (rootfs only)";
        };
    }

    private static Path scratch(Path cacheDirectory) {
        try {
            return Files.createTempDirectory(Files.createDirectories(cacheDirectory.resolve("work")), "build-");
        } catch (IOException e) {
            throw new ImageBuildException("cannot create scratch space under " + cacheDirectory + ": " + e.getMessage()
                    + "; pass a writable --cache-dir", e);
        }
    }

    static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new ImageBuildException("cannot delete scratch directory " + root + ": " + e.getMessage(), e);
        }
    }
}
