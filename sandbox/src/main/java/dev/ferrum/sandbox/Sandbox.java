package dev.ferrum.sandbox;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import dev.ferrum.sandbox.bmc.RedfishBmc;
import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.IronicApiClient;
import dev.ferrum.sandbox.flow.NodeEnrollment;
import dev.ferrum.sandbox.flow.ProgressDisplay;
import dev.ferrum.sandbox.flow.SampleDeployment;
import dev.ferrum.sandbox.machine.AgentFirmware;
import dev.ferrum.sandbox.machine.MachineIdentity;
import dev.ferrum.sandbox.machine.MachineRoot;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A whole Ferrum installation in one process: the real conductor on embedded SQLite (redfish
 * driver, iPXE boot, direct deploy, agent inspection, automated cleaning with metadata erase only),
 * a simulated Redfish BMC whose machines network-boot Ferrum's real agent in-process on fixture
 * hardware with file-backed disks, and an image server with a generated sample image.
 * {@link #provision} enrolls, inspects, cleans and deploys every machine through the API.
 */
public final class Sandbox implements AutoCloseable {
    public static final String BMC_USER = "admin";
    public static final String BMC_PASSWORD = "sandbox";
    public static final String IMAGE = "sample.raw";
    /** Placeholder deploy kernel and ramdisk: the in-process agent stands in for what they would boot. */
    private static final String KERNEL = "ferrum-agent.kernel";
    private static final String RAMDISK = "ferrum-agent.initramfs";
    /** The full erase would rewrite every disk; the sandbox cleans with the metadata erase only. */
    private static final Map<String, Integer> CLEAN_STEPS = Map.of("deploy.erase_devices", 0);
    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(10);

    private final SandboxSettings settings;
    private final URI api;
    private final SampleImage image;
    private final List<AutoCloseable> started;
    private final FileServer images;
    private final List<SimulatedMachine> machines;
    private final RedfishBmc bmc;

    private Sandbox(SandboxSettings settings, URI api, SampleImage image, List<AutoCloseable> started,
            FileServer images, List<SimulatedMachine> machines, RedfishBmc bmc) {
        this.settings = settings;
        this.api = api;
        this.image = image;
        this.started = started;
        this.images = images;
        this.machines = machines;
        this.bmc = bmc;
    }

    /** Starts everything; on any failure stops what had started and throws a SandboxException saying why. */
    public static Sandbox start(SandboxSettings settings) {
        Path data = settings.dataDir();
        for (String part : List.of("conductor", "machines")) {
            if (Files.exists(data.resolve(part))) {
                throw new SandboxException(data + " already holds a sandbox (" + part + "/); choose a new --data-dir"
                        + " or remove that one");
            }
        }
        List<AutoCloseable> started = new ArrayList<>();
        try {
            int port = port(settings.port());
            URI api = URI.create("http://127.0.0.1:" + port);
            SampleImage image = SampleImage.generate(settings.imageBytes());
            byte[] placeholder = "Ferrum sandbox: the in-process agent stands in for this file\n"
                    .getBytes(StandardCharsets.US_ASCII);
            FileServer images = new FileServer(Map.of(IMAGE, image.bytes(), KERNEL, placeholder, RAMDISK, placeholder));
            started.add(images);
            ConductorServer conductor = ConductorServer.start(new ConductorSettings("127.0.0.1", port, api,
                    data.resolve("conductor"), Optional.empty(), new ApiAuth.NoAuth(), data.resolve("conductor/boot"),
                    true, "sandbox", Duration.ofSeconds(10), Duration.ofSeconds(10), CLEAN_STEPS));
            started.add(conductor);
            AgentFirmware firmware = new AgentFirmware(URI.create(api + "/boot/"));
            started.add(firmware);
            List<SimulatedMachine> machines = new ArrayList<>();
            for (int index = 1; index <= settings.machines(); index++) {
                MachineIdentity identity = MachineIdentity.of(index);
                MachineRoot root = MachineRoot.create(data.resolve("machines").resolve(identity.name()), identity);
                SimulatedMachine machine = new SimulatedMachine(identity, root, firmware);
                machines.add(machine);
                started.add(machine);
            }
            RedfishBmc bmc = new RedfishBmc(machines, BMC_USER, BMC_PASSWORD);
            started.add(bmc);
            return new Sandbox(settings, api, image, started, images, List.copyOf(machines), bmc);
        } catch (RuntimeException e) {
            stopAll(started);
            if (e instanceof SandboxException sandbox) {
                throw sandbox;
            }
            throw new SandboxException("the sandbox could not start: " + e.getMessage(), e);
        }
    }

    /** The conductor's API, e.g. {@code http://127.0.0.1:6385}. */
    public URI api() {
        return api;
    }

    public List<SimulatedMachine> machines() {
        return machines;
    }

    public SampleImage image() {
        return image;
    }

    /** The sample image as {@code instance_info} names it. */
    public SampleDeployment deployment() {
        return new SampleDeployment(images.url(IMAGE), image.sha256(), "raw");
    }

    public SandboxSettings settings() {
        return settings;
    }

    /**
     * Takes every machine from enrollment to {@code active}, showing progress on {@code out}
     * (redrawn in place when {@code interactive}); returns how each machine ended.
     */
    public List<FleetProvisioner.Outcome> provision(PrintStream out, boolean interactive) throws InterruptedException {
        try (IronicApiClient client = new IronicApiClient(api)) {
            return provision(new FleetProvisioner(client, Clock.systemUTC(), STEP_TIMEOUT), out, interactive);
        }
    }

    private List<FleetProvisioner.Outcome> provision(FleetProvisioner provisioner, PrintStream out, boolean interactive)
            throws InterruptedException {
        ProgressDisplay display = new ProgressDisplay(out, interactive, provisioner::progress, Clock.systemUTC());
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("sandbox-progress").daemon().factory());
        ticker.scheduleWithFixedDelay(display::refresh, 0, interactive ? 500 : 250, TimeUnit.MILLISECONDS);
        try {
            List<NodeEnrollment> enrollments = machines.stream().map(this::enrollment).toList();
            return provisioner.provision(enrollments, deployment());
        } finally {
            ticker.shutdownNow();
            ticker.awaitTermination(5, TimeUnit.SECONDS);
            display.refresh();
        }
    }

    /** How {@code machine} is enrolled: its node (redfish driver, its BMC, the agent ramdisk) and its port's MAC. */
    public NodeEnrollment enrollment(SimulatedMachine machine) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("name", machine.identity().name()).put("driver", "redfish")
                .put("boot_interface", "ipxe").put("deploy_interface", "direct").put("inspect_interface", "agent")
                .put("power_interface", "redfish").put("management_interface", "redfish");
        node.putObject("driver_info").put("redfish_address", bmc.url())
                .put("redfish_system_id", RedfishBmc.systemPath(machine))
                .put("redfish_username", BMC_USER).put("redfish_password", BMC_PASSWORD)
                .put("deploy_kernel", images.url(KERNEL)).put("deploy_ramdisk", images.url(RAMDISK));
        return new NodeEnrollment(machine.identity().name(), node, machine.identity().mac());
    }

    /** Stops the agents (powering the machines off), the BMC, the conductor and the image server. */
    @Override
    public void close() {
        stopAll(started);
    }

    private static void stopAll(List<AutoCloseable> started) {
        // Reverse order of starting: the BMC, the machines (and their agents), the firmware's client, the
        // conductor, the image server.
        for (int i = started.size() - 1; i >= 0; i--) {
            try {
                started.get(i).close();
            } catch (Exception e) {
                System.getLogger(Sandbox.class.getName()).log(System.Logger.Level.WARNING,
                        "stopping " + started.get(i).getClass().getSimpleName() + " failed: " + e.getMessage(), e);
            }
        }
        started.clear();
    }

    /** {@code wanted}, checked free on loopback, or a free port when 0. */
    private static int port(int wanted) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), wanted));
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new SandboxException("port " + wanted + " on 127.0.0.1 is in use (is another conductor or sandbox "
                    + "running?); stop it or pass --port with another port (--port 0 picks a free one)");
        }
    }

    /** Deletes {@code dir} and everything under it (the sparse disks included). */
    public static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
