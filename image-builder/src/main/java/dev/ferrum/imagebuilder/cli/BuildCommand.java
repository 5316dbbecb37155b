package dev.ferrum.imagebuilder.cli;

import dev.ferrum.imagebuilder.build.AgentInput;
import dev.ferrum.imagebuilder.build.BuildConfig;
import dev.ferrum.imagebuilder.build.BuildResult;
import dev.ferrum.imagebuilder.build.InitSettings;
import dev.ferrum.imagebuilder.build.JavaSettings;
import dev.ferrum.imagebuilder.build.OutputSettings;
import dev.ferrum.imagebuilder.build.RamdiskBuilder;
import dev.ferrum.imagebuilder.busybox.BusyboxSource;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.init.ExitAction;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import dev.ferrum.imagebuilder.manifest.Manifest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code build}: turns the options into a {@link BuildConfig} and runs the {@link RamdiskBuilder}. */
@Command(name = "build", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Build the agent ramdisk: vmlinuz, initramfs, manifest.json (and rootfs.tar, vmlinux).")
public final class BuildCommand implements Callable<Integer> {
    private final Environment environment;
    private final CommandRunner runner;

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Where the outputs go.")
    Path output;

    @Option(names = "--agent-dir", defaultValue = "agent/target", paramLabel = "DIR",
            description = "The agent's build directory: the agent jar beside lib/ (default: ${DEFAULT-VALUE}).")
    Path agentDirectory;

    @Option(names = "--agent-jar", defaultValue = "ferrum-agent.jar", paramLabel = "NAME", description = "Default: ${DEFAULT-VALUE}.")
    String agentJar;

    @Option(names = "--plugin", paramLabel = "JAR", description = "A plugin jar to bake into /opt/ferrum/plugins (repeatable).")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "--agent-command", defaultValue = "run", paramLabel = "WORDS",
            description = "The agent command /init runs, before '--plugins /opt/ferrum/plugins' (default: ${DEFAULT-VALUE}).")
    String agentCommand;

    @Option(names = "--training-command", defaultValue = "run --root " + AgentInput.TRAINING_ROOT, paramLabel = "WORDS",
            description = "The agent command run to train the class cache; {training-root} is a made-up machine root "
                    + "whose kernel command line points the agent at a loopback stand-in conductor, which stops the run "
                    + "after its first heartbeat (default: ${DEFAULT-VALUE}).")
    String trainingCommand;

    @Option(names = "--kernel", paramLabel = "FILE", description = "A bzImage to use instead of a Debian package (needs --modules).")
    Optional<Path> kernelImage;

    @Option(names = "--modules", paramLabel = "DIR", description = "The kernel's lib/modules/<version> directory (with --kernel).")
    Optional<Path> modulesDirectory;

    @Option(names = "--kernel-package", defaultValue = "linux-image-amd64", paramLabel = "NAME",
            description = "Debian kernel package to fetch with apt-get (default: ${DEFAULT-VALUE}).")
    String kernelPackage;

    @Option(names = "--kernel-package-version", paramLabel = "VERSION", description = "Pin the kernel package version.")
    Optional<String> kernelPackageVersion;

    @Option(names = "--rootfs-only", description = "No kernel, modules, vmlinuz or initramfs: only rootfs.tar and the manifest, "
            + "for container nodes (which share the host's kernel).")
    boolean rootfsOnly;

    @Option(names = "--module", paramLabel = "NAME", description = "Kernel modules to include, replacing the default list (repeatable).")
    List<String> modules = new ArrayList<>();

    @Option(names = "--extra-module", paramLabel = "NAME", description = "Kernel modules to add to the default list (repeatable).")
    List<String> extraModules = new ArrayList<>();

    @Option(names = "--busybox", defaultValue = "/bin/busybox", paramLabel = "FILE",
            description = "A static busybox (default: ${DEFAULT-VALUE}, from busybox-static).")
    Path busybox;

    @Option(names = "--busybox-from-apt", description = "Fetch Debian's busybox-static instead of using --busybox.")
    boolean busyboxFromApt;

    @Option(names = "--jdk", paramLabel = "DIR", description = "The JDK to link the runtime from (default: the one running this).")
    Optional<Path> jdk;

    @Option(names = "--release", defaultValue = "21", paramLabel = "N", description = "Java release for jdeps (default: ${DEFAULT-VALUE}).")
    int release;

    @Option(names = "--add-modules", split = ",", paramLabel = "MODULE", description = "JDK modules to link beyond what jdeps finds.")
    List<String> addModules = new ArrayList<>();

    @Option(names = "--link-unused-modules", description = "Link every JDK module jdeps finds, also those the agent never "
            + "loads (java.desktop, java.sql, java.xml, java.datatransfer; about 30 MB). --add-modules adds single ones back.")
    boolean linkUnusedModules;

    @Option(names = "--jlink-compress", defaultValue = "zip-0", paramLabel = "zip-N",
            description = "jlink --compress (default: ${DEFAULT-VALUE}: the initramfs is compressed as a whole).")
    String jlinkCompress;

    @Option(names = "--class-cache", defaultValue = "appcds", paramLabel = "appcds|aot|none",
            description = "Class-data cache (default: ${DEFAULT-VALUE}, reproducible; aot is JDK 25+ and not reproducible).")
    String classCache;

    @Option(names = "--jvm-flag", paramLabel = "FLAG", description = "JVM flags for the agent, replacing the defaults (repeatable).")
    List<String> jvmFlags = new ArrayList<>();

    @Option(names = "--on-exit", defaultValue = "poweroff", paramLabel = "poweroff|reboot",
            description = "After the agent exits (default: ${DEFAULT-VALUE}; kernel command line: ferrum-on-exit=).")
    String onExit;

    @Option(names = "--exit-delay", defaultValue = "10", paramLabel = "SECONDS", description = "Delay before that (default: ${DEFAULT-VALUE}).")
    long exitDelay;

    @Option(names = "--dhcp-timeout", defaultValue = "60", paramLabel = "SECONDS",
            description = "Wait this long for a first lease, then start the agent anyway (default: ${DEFAULT-VALUE}).")
    long dhcpTimeout;

    @Option(names = "--compression", defaultValue = "zstd", paramLabel = "zstd|none", description = "Initramfs compression (default: ${DEFAULT-VALUE}).")
    String compression;

    @Option(names = "--zstd-level", defaultValue = "10", paramLabel = "N", description = "zstd level 1-19 (default: ${DEFAULT-VALUE}).")
    int zstdLevel;

    @Option(names = "--vmlinux", description = "Also write the uncompressed kernel (boots ~7 s faster under QEMU -kernel).")
    boolean vmlinux;

    @Option(names = "--no-rootfs-tar", negatable = false, description = "Do not write rootfs.tar (the same tree for docker import).")
    boolean noRootfsTar;

    @Option(names = "--host-binary", paramLabel = "FILE", description = "A host program to add to /usr/local/bin with its libraries (repeatable); mdadm, parted, "
                    + "partprobe and wipefs come by default where the host has them.")
    List<Path> hostBinaries = new ArrayList<>();

    @Option(names = "--no-default-host-binaries", negatable = false,
            description = "Leave out the host programs added by default where the host has them (efibootmgr).")
    boolean noDefaultHostBinaries;

    @Option(names = "--lldp", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Carry tcpdump (/usr/bin/tcpdump, Debian's tcpdump package) and its libraries so the agent"
                    + " collects LLDP during inspection (ipa-collect-lldp); --no-lldp leaves it out (about 10 MB).")
    boolean lldp;

    @Option(names = "--library-path", paramLabel = "DIR", description = "Host directories for C libraries, replacing the default (repeatable).")
    List<Path> libraryPath = new ArrayList<>();

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Build cache: packages, kernels, AOT caches (default: ~/.cache/ferrum).")
    Optional<Path> cacheDirectory;

    @Option(names = "--source-date-epoch", paramLabel = "SECONDS",
            description = "The mtime of every entry (default: $SOURCE_DATE_EPOCH, else 2026-01-01).")
    Optional<Long> sourceDateEpoch;

    public BuildCommand(Environment environment, CommandRunner runner) {
        this.environment = environment;
        this.runner = runner;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        BuildResult result = new RamdiskBuilder(runner, line -> {
            err.println("ferrum-image-builder: " + line);
            err.flush();
        }).build(config());
        PrintWriter out = spec.commandLine().getOut();
        for (Manifest.FileRecord file : result.manifest().outputs()) {
            out.printf("%-12s %,14d bytes  sha256 %s%n", file.name(), file.size(), file.sha256());
        }
        out.printf("%-12s %,14d bytes  (vmlinuz + initramfs)%n", "boot", result.manifest().bootBytes());
        result.manifest().warnings().forEach(w -> out.println("warning: " + w));
        out.flush();
        return 0;
    }

    /** The typed configuration these options describe. */
    public BuildConfig config() {
        if (kernelImage.isPresent() != modulesDirectory.isPresent()) {
            throw new ParameterException(spec.commandLine(), "--kernel and --modules go together: pass both or neither");
        }
        if (rootfsOnly && (kernelImage.isPresent() || vmlinux || noRootfsTar)) {
            throw new ParameterException(spec.commandLine(),
                    "--rootfs-only builds no kernel and writes rootfs.tar: it excludes --kernel, --vmlinux and --no-rootfs-tar");
        }
        KernelSource kernel = rootfsOnly ? new KernelSource.RootfsOnly()
                : kernelImage.isPresent() ? new KernelSource.Files(kernelImage.get(), modulesDirectory.get())
                : new KernelSource.DebianPackage(kernelPackage, kernelPackageVersion);
        List<String> moduleList = new ArrayList<>(modules.isEmpty() ? BuildConfig.DEFAULT_MODULES : modules);
        moduleList.addAll(extraModules);
        JlinkOptions jlink = new JlinkOptions(addModules, jlinkCompress, JlinkOptions.HEADLESS_EXCLUDES,
                linkUnusedModules ? List.of() : JlinkOptions.UNUSED_BY_THE_AGENT);
        JavaSettings java = new JavaSettings(jdk.orElse(environment.javaHome()), release, jlink,
                Options.enumOf(spec, ClassCacheMode.class, classCache, "--class-cache"),
                jvmFlags.isEmpty() ? JavaSettings.DEFAULT_JVM_FLAGS : jvmFlags);
        AgentInput agent = new AgentInput(agentDirectory, agentJar, plugins, words(agentCommand), words(trainingCommand));
        InitSettings init = new InitSettings(Options.enumOf(spec, ExitAction.class, onExit, "--on-exit"),
                Duration.ofSeconds(exitDelay), Duration.ofSeconds(dhcpTimeout));
        OutputSettings outputs = new OutputSettings(output, Options.compression(spec, compression), zstdLevel, vmlinux, !noRootfsTar);
        return new BuildConfig(agent, kernel, moduleList,
                busyboxFromApt ? new BusyboxSource.DebianPackage() : new BusyboxSource.HostFile(busybox),
                java, init, outputs,
                noDefaultHostBinaries ? withLldpCapture() : BuildConfig.withDefaults(BuildConfig.DEFAULT_HOST_BINARIES, withLldpCapture()),
                libraryPath.isEmpty() ? BuildConfig.DEFAULT_LIBRARY_SEARCH_PATH : libraryPath,
                cacheDirectory.orElse(environment.cacheDirectory()), Options.mtime(sourceDateEpoch, environment));
    }

    /** The host binaries asked for, plus the LLDP capture program unless left out or already among them. */
    private List<Path> withLldpCapture() {
        List<Path> binaries = new ArrayList<>(hostBinaries);
        boolean named = binaries.stream().anyMatch(b -> b.getFileName().equals(BuildConfig.LLDP_CAPTURE.getFileName()));
        if (lldp && !named) {
            binaries.add(BuildConfig.LLDP_CAPTURE);
        }
        return binaries;
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }
}
