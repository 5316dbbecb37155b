package dev.ferrum.sandbox.machine;

import dev.ferrum.agent.cli.AgentVersion;
import dev.ferrum.agent.conductor.ConductorReply;
import dev.ferrum.agent.conductor.ConductorTransport;
import dev.ferrum.agent.conductor.ConductorUnreachableException;
import dev.ferrum.agent.conductor.WebClientTransport;
import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.deploy.ImageSourceDownloader;
import dev.ferrum.agent.deploy.StreamingImageDeployer;
import dev.ferrum.agent.extension.AgentDeploySteps;
import dev.ferrum.agent.extension.ImageDeployer;
import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ImageInfoParser;
import dev.ferrum.agent.image.MonotonicClock;
import dev.ferrum.agent.image.source.HelidonImageSource;
import dev.ferrum.agent.image.source.HttpSourceConfig;
import dev.ferrum.agent.image.writer.ImageWriter;
import dev.ferrum.agent.image.writer.ImageWriterConfig;
import dev.ferrum.agent.plugin.PluginLoader;
import dev.ferrum.agent.runtime.AgentRuntime;
import dev.ferrum.agent.runtime.AgentServices;
import dev.ferrum.agent.system.PowerControl;
import dev.ferrum.agent.system.SystemLogCollector;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.DiskAccess;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.json.WireJson;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ferrum's real agent running inside the sandbox's JVM on a simulated machine: the same runtime
 * and hardware managers as {@code ferrum-agent run --file-disks}, reading the machine's relocated
 * root, with no external programs and with in-band power requests going to the machine's power.
 * Start-up (inspection, lookup) runs on its own thread, so booting returns at once.
 */
public final class InProcessAgent implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(InProcessAgent.class.getName());

    /**
     * Firmware self-test and PXE before the ramdisk's agent runs. Besides realism it matters: the
     * conductor holds the node's lock while it powers the machine on, and an agent that looks up
     * during that is told to retry after a minute (409), as IPA is.
     */
    private static final Duration FIRMWARE_BOOT = Duration.ofSeconds(2);

    private final AgentRuntime runtime;
    private final AtomicBoolean powered;
    private final Thread startUp;

    private InProcessAgent(AgentRuntime runtime, AtomicBoolean powered, Thread startUp) {
        this.runtime = runtime;
        this.powered = powered;
        this.startUp = startUp;
    }

    /** Builds the agent for {@code machine} with {@code config} and starts it. */
    public static InProcessAgent start(SimulatedMachine machine, AgentConfig config) {
        AtomicBoolean powered = new AtomicBoolean(true);
        AgentRuntime runtime = new AgentRuntime(services(machine, config, powered));
        String name = machine.identity().name();
        Thread startUp = Thread.ofPlatform().name("agent-" + name).daemon().start(() -> {
            try {
                Thread.sleep(FIRMWARE_BOOT);
                runtime.start();
                if (!powered.get()) {
                    // The power went while start-up finished: stop what it started after close() ran.
                    runtime.close();
                }
            } catch (InterruptedException e) {
                // Powered off while "booting": nothing started.
            } catch (RuntimeException e) {
                if (powered.get()) {
                    // A real ramdisk would log this on the console; the machine just stays up.
                    LOG.log(System.Logger.Level.WARNING, "agent on " + name + " did not start: " + e.getMessage());
                }
            }
        });
        return new InProcessAgent(runtime, powered, startUp);
    }

    private static AgentServices services(SimulatedMachine machine, AgentConfig config, AtomicBoolean powered) {
        var json = WireJson.newMapper();
        var context = new MachineContext(machine.root().root(), new MachinePrograms(machine.root().disk()), DiskAccess.REGULAR_FILES_ALLOWED);
        var source = new HelidonImageSource(new HttpSourceConfig(config.tls().insecure(), config.tls().caFile(),
                config.imageDownload().connectionTimeout(), Duration.ofMinutes(5)));
        var checksums = new ChecksumPolicy(true);
        var writer = new ImageWriter(ImageWriterConfig.defaults().withChecksums(checksums), source,
                MonotonicClock.system(), Sleeper.system());
        // As in RunCommand: write_image is a registry step that reaches the deployer through this reference.
        AtomicReference<ImageDeployer> deployer = new AtomicReference<>();
        var discovered = new PluginLoader(InProcessAgent.class.getClassLoader()).discover(List.of());
        List<HardwareManager> managers = new ArrayList<>(discovered.managers());
        managers.add(new AgentDeploySteps(deployer::get));
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(managers, discovered.failures()), context);
        deployer.set(new StreamingImageDeployer(registry, writer, new ImageInfoParser(checksums),
                new ImageSourceDownloader(source), json));
        var transport = new PoweredTransport(new WebClientTransport(config.tls(), Duration.ofSeconds(30), json), powered);
        Sleeper sleeper = duration -> {
            if (!powered.get()) {
                throw new InterruptedException("the machine is powered off");
            }
            Thread.sleep(duration);
        };
        return new AgentServices(config, registry, transport, deployer.get(), new MachinePower(machine),
                new SystemLogCollector(context.commands(), context.proc(), List.of()), json, Clock.systemUTC(), sleeper,
                new SplittableRandom(), Duration.ofSeconds(10), AgentVersion.current());
    }

    /**
     * The port of this agent's command API once start-up has opened it: a test reads the agent's own command
     * list there ({@code GET /v1/commands/}) to see what a conductor asked of it.
     */
    public Optional<Integer> commandPort() {
        try {
            return Optional.of(runtime.port());
        } catch (IllegalStateException notListening) {
            return Optional.empty();
        }
    }

    /**
     * Stops the agent as a power cut would, at once: from now on it reaches no conductor and waits
     * no more, its start-up is interrupted, its API and heartbeats stop. It does not wait for the
     * start-up thread: that thread may be inside a request whose answer waits for this very power
     * change (the conductor powers a machine off while handling its inspection data).
     */
    @Override
    public void close() {
        powered.set(false);
        startUp.interrupt();
        runtime.close();
    }

    /** The machine's network: gone with its power, so a stopped agent can never act on a later boot's behalf. */
    private record PoweredTransport(ConductorTransport inner, AtomicBoolean powered) implements ConductorTransport {
        @Override
        public ConductorReply get(URI base, String pathAndQuery, Map<String, String> headers) {
            requirePower(base);
            return inner.get(base, pathAndQuery, headers);
        }

        @Override
        public ConductorReply post(URI base, String path, Map<String, String> headers, byte[] jsonBody) {
            requirePower(base);
            return inner.post(base, path, headers, jsonBody);
        }

        private void requirePower(URI base) {
            if (!powered.get()) {
                throw new ConductorUnreachableException("cannot reach " + base + ": the machine is powered off", null);
            }
        }
    }

    /**
     * In-band power requests (the conductor's {@code standby.power_off}, a reboot) act on the
     * machine's power from another thread: they stop this very agent, which must not wait for itself.
     */
    private record MachinePower(SimulatedMachine machine) implements PowerControl {
        @Override
        public void powerOff() {
            Thread.ofVirtual().name("power-off-" + machine.identity().name()).start(machine::powerOff);
        }

        @Override
        public void reboot() {
            Thread.ofVirtual().name("reboot-" + machine.identity().name()).start(machine::restart);
        }
    }
}
