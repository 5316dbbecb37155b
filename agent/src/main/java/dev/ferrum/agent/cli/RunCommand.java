package dev.ferrum.agent.cli;

import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.conductor.WebClientTransport;
import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.config.AgentConfigParser;
import dev.ferrum.agent.config.KernelCommandLine;
import dev.ferrum.agent.deploy.ImageSourceDownloader;
import dev.ferrum.agent.deploy.StreamingImageDeployer;
import dev.ferrum.agent.extension.AgentDeploySteps;
import dev.ferrum.agent.extension.ImageDeployer;
import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ImageInfoParser;
import dev.ferrum.agent.image.MonotonicClock;
import dev.ferrum.agent.image.source.HttpSourceConfig;
import dev.ferrum.agent.image.source.PlainHttpImageSource;
import dev.ferrum.agent.image.writer.ImageWriter;
import dev.ferrum.agent.image.writer.ImageWriterConfig;
import dev.ferrum.agent.plugin.PluginLoader;
import dev.ferrum.agent.runtime.AgentRuntime;
import dev.ferrum.agent.runtime.AgentServices;
import dev.ferrum.agent.system.KernelPowerControl;
import dev.ferrum.agent.system.SystemLogCollector;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.DiskAccess;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.ProcessCommandRunner;
import dev.ferrum.protocol.json.WireJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code ferrum-agent run}: the agent's main job in the ramdisk. Reads the kernel command line
 * (IPA's parameter names) and {@code --param} overrides, builds the agent, and runs until stopped. Declared without
 * annotations (see {@link CommandOptions}).
 */
public final class RunCommand implements Callable<Integer> {
    private final CommandSpec spec = CommandOptions.command(this, "run",
            "Run the agent: inspect if asked, look the node up, serve the command API and heartbeat.");

    /** What the command line asked for. */
    record Settings(Path root, Optional<Path> cmdline, Map<String, String> params, List<Path> pluginDirs,
                    boolean fileDisks, boolean allowMd5) {
    }

    RunCommand() {
        spec.addOption(OptionSpec.builder("--root").paramLabel("DIR").type(Path.class).defaultValue("/")
                .description("Machine root holding sys/, proc/, dev/ (default: ${DEFAULT-VALUE}).").build());
        spec.addOption(OptionSpec.builder("--cmdline").paramLabel("FILE").type(Path.class)
                .description("Kernel command line to read (default: <root>/proc/cmdline).").build());
        spec.addOption(OptionSpec.builder("-p", "--param").paramLabel("NAME=VALUE").type(Map.class)
                .auxiliaryTypes(String.class, String.class).initialValue(new LinkedHashMap<String, String>())
                .description("A kernel parameter by its IPA name, overriding the command line, e.g. -p"
                        + " ipa-api-url=http://192.0.2.1:6385").build());
        spec.addOption(CommandOptions.pluginDirectories());
        spec.addOption(CommandOptions.flag("--file-disks", "Let regular files under <root>/dev stand in for disks"
                + " (sandboxes, tests, interop runs). Without it only block devices are ever written."));
        spec.addOption(OptionSpec.builder("--allow-md5").type(boolean.class).negatable(true).defaultValue("true")
                .fallbackValue("true").description("Accept md5 image checksums (stock Ironic sends them when the image"
                        + " has nothing better; default: ${DEFAULT-VALUE}).").build());
    }

    CommandSpec spec() {
        return spec;
    }

    Settings settings() {
        return new Settings(spec.findOption("--root").getValue(),
                Optional.ofNullable(spec.findOption("--cmdline").<Path>getValue()),
                Collections.unmodifiableMap(spec.findOption("--param").<Map<String, String>>getValue()),
                List.copyOf(spec.findOption("--plugins").<List<Path>>getValue()),
                spec.findOption("--file-disks").<Boolean>getValue(), spec.findOption("--allow-md5").<Boolean>getValue());
    }

    @Override
    public Integer call() {
        try {
            Settings settings = settings();
            AgentConfig config = AgentConfigParser.parse(KernelCommandLine.parse(readCmdline(settings)),
                    settings.params());
            AgentRuntime runtime = new AgentRuntime(services(config, settings));
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                runtime.close();
                stopped.countDown();
            }, "agent-shutdown"));
            runtime.start();
            stopped.await();
            return 0;
        } catch (AgentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    private static String readCmdline(Settings settings) {
        Path file = settings.cmdline().orElseGet(() -> settings.root().resolve("proc/cmdline"));
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AgentException("cannot read the kernel command line from " + file + ": " + e.getMessage(), e);
        }
    }

    /** The object graph; the only place that picks real implementations. */
    private static AgentServices services(AgentConfig config, Settings settings) {
        var json = WireJson.newMapper();
        var machine = new MachineContext(settings.root(), new ProcessCommandRunner(),
                settings.fileDisks() ? DiskAccess.REGULAR_FILES_ALLOWED : DiskAccess.BLOCK_DEVICES_ONLY);
        var source = PlainHttpImageSource.withHelidonForTls(new HttpSourceConfig(config.tls().insecure(), config.tls().caFile(),
                config.imageDownload().connectionTimeout(), Duration.ofMinutes(5)));
        var checksums = new ChecksumPolicy(settings.allowMd5());
        var writer = new ImageWriter(ImageWriterConfig.defaults().withChecksums(checksums), source,
                MonotonicClock.system(), Sleeper.system());
        // The write_image step belongs to the registry, and the deployer picks the root disk through
        // the registry: the step reaches the deployer through this reference, set once both exist.
        AtomicReference<ImageDeployer> deployer = new AtomicReference<>();
        var discovered = new PluginLoader(RunCommand.class.getClassLoader()).discover(settings.pluginDirs());
        List<HardwareManager> managers = new ArrayList<>(discovered.managers());
        managers.add(new AgentDeploySteps(deployer::get));
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(managers, discovered.failures()), machine);
        deployer.set(new StreamingImageDeployer(registry, writer, new ImageInfoParser(checksums),
                new ImageSourceDownloader(source), json));
        return new AgentServices(config, registry, new WebClientTransport(config.tls(), Duration.ofSeconds(30), json),
                deployer.get(), new KernelPowerControl(machine.commands(), machine.proc()),
                new SystemLogCollector(machine.commands(), machine.proc(), List.of()), json, Clock.systemUTC(),
                Sleeper.system(), new SplittableRandom(), Duration.ofSeconds(120), AgentVersion.current());
    }
}
