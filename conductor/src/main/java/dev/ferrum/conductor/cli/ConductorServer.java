package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.ApiPaths;
import dev.ferrum.conductor.api.IronicApi;
import dev.ferrum.conductor.api.management.BmcActions;
import dev.ferrum.conductor.api.management.OwnerCalls;
import dev.ferrum.conductor.api.vendor.NodeVendorCalls;
import dev.ferrum.conductor.console.ConsoleService;
import dev.ferrum.conductor.driver.DriverConfig;
import dev.ferrum.conductor.driver.DriverDescription;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.InterfaceCatalog;
import dev.ferrum.conductor.driver.boot.BootConfig;
import dev.ferrum.conductor.driver.boot.StoredBootScripts;
import dev.ferrum.conductor.driver.boot.NetworkBoot;
import dev.ferrum.conductor.driver.command.ProcessCommandRunner;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.inspect.HttpInspectorClient;
import dev.ferrum.conductor.driver.inspect.InspectorInspect;
import dev.ferrum.conductor.driver.ipmi.IpmiConfig;
import dev.ferrum.conductor.driver.ipmi.IpmiTool;
import dev.ferrum.conductor.driver.ipmi.IpmitoolManagement;
import dev.ferrum.conductor.driver.ipmi.IpmitoolPower;
import dev.ferrum.conductor.driver.redfish.RedfishClient;
import dev.ferrum.conductor.driver.redfish.RedfishConfig;
import dev.ferrum.conductor.driver.redfish.RedfishManagement;
import dev.ferrum.conductor.driver.redfish.RedfishPower;
import dev.ferrum.conductor.flow.ConductorFlows;
import dev.ferrum.conductor.flow.FlowConfig;
import dev.ferrum.conductor.flow.RegistryDriverCatalog;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.periodic.InspectorPoller;
import dev.ferrum.conductor.periodic.PxeFilter;
import dev.ferrum.conductor.periodic.Recovery;
import dev.ferrum.conductor.periodic.DriverPowerControl;
import dev.ferrum.conductor.periodic.HistoryPruner;
import dev.ferrum.conductor.periodic.PowerSync;
import dev.ferrum.conductor.periodic.Sweeper;
import dev.ferrum.conductor.periodic.HandoffPoller;
import dev.ferrum.conductor.periodic.MembershipHeartbeat;
import dev.ferrum.conductor.periodic.Takeover;
import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.cluster.HashRing;
import dev.ferrum.conductor.cluster.RequestRouting;
import dev.ferrum.conductor.cluster.RingOwnership;
import dev.ferrum.conductor.ramdisk.RamdiskConfig;
import dev.ferrum.conductor.ramdisk.RamdiskService;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.pxe.dhcp.DhcpHostsDirectory;
import dev.ferrum.pxe.dhcp.PidFileSignaller;
import dev.ferrum.pxe.dhcp.ProcessSignaller;
import dev.ferrum.pxe.http.BootFileService;
import dev.ferrum.pxe.http.BootHttpConfig;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import io.helidon.webserver.WebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A running conductor: the store, the drivers (fake, ipmitool, Redfish, iPXE/PXE boot, the remote
 * inspector when configured), the flows,
 * the HTTP server (Ironic API, ramdisk endpoints, inspection, boot files), the sweeper and this
 * conductor's heartbeat in the store. The one place that chooses real implementations.
 */
public final class ConductorServer implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ConductorServer.class.getName());
    private static final List<String> HARDWARE_TYPES = List.of("ipmi", "redfish", "manual-management", "fake-hardware");
    /** How often the TLS certificate and key files are checked for a renewal. */
    private static final Duration TLS_RELOAD_CHECK = Duration.ofSeconds(5);

    private final ConductorSettings settings;
    private final Store store;
    private final ConductorFlows flows;
    private final Sweeper sweeper;
    private final PowerSync powerSync;
    private final OwnerCalls ownerCalls;
    private final HistoryPruner pruner;
    private final Optional<TlsReloader> tlsReloader;
    private final PxeFilter pxeFilter;
    private final Optional<InspectorPoller> inspectorPoller;
    private final WebServer server;
    private final Optional<WebServer> plainBootServer;
    private final MembershipHeartbeat heartbeats;

    private ConductorServer(ConductorSettings settings, Store store, ConductorFlows flows, Sweeper sweeper,
            PxeFilter pxeFilter, Optional<InspectorPoller> inspectorPoller, WebServer server,
            Optional<WebServer> plainBootServer, MembershipHeartbeat heartbeats, PowerSync powerSync,
            HistoryPruner pruner,
            Optional<TlsReloader> tlsReloader, OwnerCalls ownerCalls) {
        this.ownerCalls = ownerCalls;
        this.plainBootServer = plainBootServer;
        this.tlsReloader = tlsReloader;
        this.pxeFilter = pxeFilter;
        this.settings = settings;
        this.store = store;
        this.flows = flows;
        this.sweeper = sweeper;
        this.powerSync = powerSync;
        this.pruner = pruner;
        this.inspectorPoller = inspectorPoller;
        this.server = server;
        this.heartbeats = heartbeats;
    }

    /**
     * Builds and starts everything; when it returns the API answers. A start that fails stops what it had
     * started and removes the directories it created before it throws ({@link ConductorStartException} when
     * the port is taken).
     */
    public static ConductorServer start(ConductorSettings settings) {
        return start(settings, StartTimes.begin());
    }

    /** {@link #start(ConductorSettings)}, its phases timed from {@code times}' start and logged once it listens. */
    static ConductorServer start(ConductorSettings settings, StartTimes times) {
        List<java.nio.file.Path> directories = new ArrayList<>(List.of(settings.bootFiles()));
        if (settings.databaseUrl().isEmpty()) {
            directories.add(settings.dataDir());
        }
        settings.dhcpHostsDirectory().ifPresent(directories::add);
        StartupGuard guard = StartupGuard.creating(directories);
        try {
            return start(settings, guard, times);
        } catch (RuntimeException failure) {
            guard.undo(failure);
            throw failure;
        }
    }

    private static ConductorServer start(ConductorSettings settings, StartupGuard guard, StartTimes times) {
        // Checked before anything is created, so a second conductor on the same port changes nothing.
        checkPortFree(settings);
        Clock clock = Clock.systemUTC();
        // The store touches nothing of Helidon's, so it opens while the registry still starts in the background.
        Store store = ConductorStore.open(settings, clock);
        guard.started(store::close);
        times.mark("store");
        // Before any Helidon code maps a value: every request's Content-Length read depends on it. The first Helidon
        // call starts its service registry (discovery across every jar); begun in the background by the entry
        // point, this phase is what is left of it to wait for.
        HelidonMappers.pinGlobal();
        times.mark("Helidon registry");
        // The boot interfaces record a node's boot in the store; the boot-file service renders it from
        // there, so a machine gets its script from any conductor.
        StoredBootScripts scripts = new StoredBootScripts(store, bootConfig(settings));
        // One hosts directory: the boot interfaces switch a node's MACs as its flow goes, the PXE filter
        // reconciles the whole directory with the store. Access changes are rewrites, which dnsmasq's
        // inotify delivers; only deleting the files of removed ports needs SIGHUP. Without a PID file to
        // signal, those records linger in dnsmasq until it restarts (denied ones stay denied: harmless).
        ProcessSignaller signaller = settings.pxeFilter().dnsmasqPidFile()
                .<ProcessSignaller>map(PidFileSignaller::new).orElse(ProcessSignaller.none());
        Optional<DhcpHostsDirectory> dhcpHosts = settings.dhcpHostsDirectory()
                .map(dir -> new DhcpHostsDirectory(directory(dir, "DHCP hosts"), signaller));
        dhcpHosts.flatMap(DhcpHostsDirectory::unreachableByOtherUsers)
                .ifPresent(problem -> LOG.log(System.Logger.Level.WARNING, problem));
        NetworkBoot ipxe = new NetworkBoot("ipxe", bootConfig(settings), scripts, dhcpHosts);
        DriverRegistry drivers = drivers(settings, scripts, dhcpHosts, ipxe);
        store.conductors().register(settings.name(),
                drivers.drivers().stream().map(DriverDescription::name).toList(), settings.cluster().conductorGroup());
        guard.started(() -> store.conductors().unregister(settings.name()));
        MembershipHeartbeat heartbeats = new MembershipHeartbeat(store.conductors(), settings.name(),
                settings.cluster().heartbeatTimeout(), clock);
        guard.started(heartbeats::close);
        Recovery recovery = new Recovery(store, settings.name(), settings.cluster().heartbeatTimeout(), clock);
        // Every conductor builds the same hash ring from the membership table; each works the nodes it owns.
        ConductorRing ring = new ConductorRing(store.conductors()::list, clock, settings.cluster().heartbeatTimeout(),
                HashRing.DEFAULT_PARTITION_EXPONENT);
        RingOwnership ownership = new RingOwnership(settings.name(), ring, store.nodes()::find);
        FlowConfig flowConfig = FlowConfig.defaults().withAutomatedClean(settings.automatedClean())
                .withCleanStepPriorities(settings.cleanStepPriorities())
                .withInspectWaitTimeout(settings.inspect().inspectWaitTimeout())
                .withImageSources(settings.imageSources());
        // After registering: recovery breaks the locks of dead conductors, never this one's.
        recovery.recover();
        times.mark("drivers and membership");

        var json = WireJson.newMapper();
        // A provision or power action on a node another live conductor owns is left in the store for that owner;
        // with no owner on the node's ring (none serves its group and driver) it is refused as Ironic refuses it.
        RequestRouting requestRouting = new RequestRouting(settings.name(), settings.cluster().conductorGroup(),
                drivers.drivers().stream().map(DriverDescription::name).toList(), ring, store.nodes()::find);
        ConductorFlows flows = new ConductorFlows(store, drivers, new AgentClient(agentClientConfig(settings)),
                flowConfig, settings.name(), clock, requestRouting::runsHere);
        guard.started(flows::close);
        HandoffPoller handoffs = new HandoffPoller(store, ownership::owns, flows::continueHandedOff);
        handoffs.start(HandoffPoller.DEFAULT_INTERVAL);
        guard.started(handoffs::close);
        // Boot device, NMI, indicators, boot mode, console and vendor passthru run on the node's owner, which
        // reaches its BMC.
        OwnerCalls ownerCalls = new OwnerCalls(store, settings.name(), ring::ownerOf,
                new BmcActions(store, flows, settings.name(), NodeVendorCalls.runner(store, settings.name())), clock,
                OwnerCalls.DEFAULT_TIMEOUT);
        ownerCalls.start();
        guard.started(ownerCalls::close);
        times.mark("flows");
        IronicApi api = new IronicApi(new ApiConfig(ApiConfig.SUPPORTED, settings.auth(), ApiConfig.DEFAULT_MAX_BODY_BYTES,
                settings.name(), true, settings.timeline().maxLimit()), store, flows, new RegistryDriverCatalog(drivers), json, clock, ring,
                ownerCalls);
        RamdiskService ramdisk = new RamdiskService(api.endpoints(), store, settings.name(), RamdiskConfig.defaults(),
                flows, clock, new SecureRandom());
        InspectionServices inspection = InspectionServices.create(settings.inspect(), settings.name(), api.endpoints(),
                store, drivers, flows, clock, json);
        // A takeover finishes an inspection whose report is stored with the processor that took the report.
        Takeover takeover = new Takeover(store, drivers, ownership, flowConfig, clock,
                lock -> inspection.processor().finishFromStoredReport(lock, json));
        heartbeats.start(settings.heartbeatInterval(), () -> {
            recovery.takeOverDeadConductors();
            takeover.takeOverOnce();
        });
        times.mark("API and inspection");
        BootFileService bootFiles = new BootFileService(BootHttpConfig.of(HttpUrl.of(bootBaseUrl(settings) + "/boot"),
                bootFilesDirectory(settings)), scripts);
        // useNio(false): Helidon 4.4.0's default NIO socket writer stalls large responses on non-loopback
        // connections (helidon-io/helidon#11635): iPXE hung at 99% of the kernel and curl saw bodies
        // kilobytes short of their Content-Length. The blocking socket writer sends every byte.
        var serverBuilder = WebServer.builder().host(settings.host()).port(settings.port()).useNio(false);
        settings.tls().ifPresent(files -> serverBuilder.tls(files.load()));
        WebServer server = serverBuilder.routing(routing -> {
            // Ironic's path rules (trailing slashes, no /v1 prefix) for every service but the boot files.
            routing.addFilter(new ApiPaths(Set.of(BootFileService.DEFAULT_PATH.substring(1),
                    ConsoleService.PATH.substring(1))));
            // Ramdisk and inspection routes first: the API ends with a catch-all 404 for /v1/*.
            routing.register(ramdisk);
            routing.register(inspection.callback());
            routing.register(inspection.rules());
            bootFiles.mount(routing);
            new ConsoleService().mount(routing);
            routing.register(api);
        }).build().start();
        guard.started(server::stop);
        times.mark("HTTP server");
        if (server.port() < 0) {
            // Helidon logs a bind failure and returns a server without a listener instead of throwing.
            throw new ConductorStartException("cannot listen on " + settings.host() + ":" + settings.port()
                    + " (is another conductor running?); stop it or pass --port with another port");
        }
        Optional<WebServer> plainBootServer = settings.plainBootPort().map(bootPort -> {
            // Boot files only: firmware that cannot check the certificate fetches them here; nothing else is plain.
            WebServer plain = WebServer.builder().host(settings.host()).port(bootPort).useNio(false)
                    .routing(bootFiles::mount).build().start();
            guard.started(plain::stop);
            if (plain.port() < 0) {
                throw new ConductorStartException("cannot listen on " + settings.host() + ":" + bootPort
                        + " for the plain-HTTP boot files; free it or pass another --boot-http-port");
            }
            return plain;
        });
        Optional<TlsReloader> tlsReloader = settings.tls().map(files -> {
            TlsReloader reloader = new TlsReloader(files, server::reloadTls);
            reloader.start(TLS_RELOAD_CHECK);
            guard.started(reloader::close);
            return reloader;
        });
        Sweeper sweeper = new Sweeper(store, settings.name(), clock, flowConfig, ownership::owns);
        sweeper.start(settings.sweepInterval());
        guard.started(sweeper::close);
        // Power sync and progress polling work only the nodes this conductor owns on the hash ring, so several
        // conductors sharing a store neither read one BMC twice nor race for one node's lock.
        PowerSync powerSync = new PowerSync(store, new DriverPowerControl(drivers), settings.name(),
                settings.timeline().powerSync().withWorksOn(ownership::owns), clock);
        powerSync.start(settings.timeline().powerSyncInterval());
        guard.started(powerSync::close);
        flows.startProgressPolling(settings.timeline().agentProgressInterval(), ownership::owns);
        // Heartbeats answered 202 by a run that stopped before recording them under the node's lock.
        int replayed = flows.replayKeptHeartbeats();
        if (replayed > 0) {
            LOG.log(System.Logger.Level.INFO, "replaying " + replayed + " accepted heartbeat(s) not yet recorded");
        }
        HistoryPruner pruner = new HistoryPruner(store, settings.timeline().retention(), clock);
        pruner.start();
        guard.started(pruner::close);
        PxeFilter pxeFilter = new PxeFilter(store, dhcpHosts, scripts, ipxe.discoveryBoot(
                settings.pxeFilter().discoveryKernel(), settings.pxeFilter().discoveryRamdisk()),
                settings.pxeFilter().discovery());
        pxeFilter.start(settings.pxeFilter().syncInterval());
        guard.started(pxeFilter::close);
        Optional<InspectorPoller> inspectorPoller = settings.inspect().inspector().map(inspector -> {
            InspectorPoller poller = new InspectorPoller(flows);
            poller.start(settings.inspect().inspectorPollInterval());
            return poller;
        });
        times.mark("periodic tasks");
        LOG.log(System.Logger.Level.INFO, "conductor " + settings.name() + " " + times.summary() + " on port "
                + server.port());
        return new ConductorServer(settings, store, flows, sweeper, pxeFilter, inspectorPoller, server,
                plainBootServer, heartbeats, powerSync, pruner, tlsReloader, ownerCalls);
    }

    private static void checkPortFree(ConductorSettings settings) {
        if (settings.port() == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(settings.host(), settings.port()));
        } catch (IOException e) {
            throw new ConductorStartException("cannot listen on " + settings.host() + ":" + settings.port() + " ("
                    + e.getMessage() + "); is another conductor running? Stop it or pass --port with another port");
        }
    }

    /** The port the API listens on. */
    public int port() {
        return server.port();
    }

    /** How flows talk to agents: Ironic's timeouts, trusting the operator's agent CA file when given one. */
    static AgentClientConfig agentClientConfig(ConductorSettings settings) {
        AgentClientConfig defaults = AgentClientConfig.defaults();
        return settings.agentCaFile().map(defaults::withCaFile).orElse(defaults);
    }

    private static BootConfig bootConfig(ConductorSettings settings) {
        String api = settings.publicUrl().toString();
        return new BootConfig(HttpUrl.of(api), HttpUrl.of(api + "/v1/continue"),
                HttpUrl.of(bootBaseUrl(settings) + "/boot/files"), settings.kernelParameters(), RetryPolicy.standard(),
                LocalBootMethod.SANBOOT);
    }

    /**
     * Where boot firmware fetches scripts, kernels and ramdisks: the public URL, or the same host on the plain
     * boot port when there is one (the agent's API and inspection calls stay on the HTTPS public URL).
     */
    static String bootBaseUrl(ConductorSettings settings) {
        URI api = settings.publicUrl();
        return settings.plainBootPort().map(bootPort -> "http://" + api.getHost() + ":" + bootPort)
                .orElse(api.toString());
    }

    private static DriverRegistry drivers(ConductorSettings settings, StoredBootScripts scripts,
            Optional<DhcpHostsDirectory> dhcpHosts, NetworkBoot ipxe) {
        IpmiConfig ipmi = IpmiConfig.defaults();
        IpmiTool tool = new IpmiTool(ipmi, new ProcessCommandRunner());
        RedfishConfig redfishConfig = RedfishConfig.defaults();
        RedfishClient redfish = new RedfishClient(redfishConfig);
        InterfaceCatalog catalog = InterfaceCatalog.withFakesAndNoops()
                .power(new IpmitoolPower(tool, ipmi)).management(new IpmitoolManagement(tool, ipmi))
                .power(new RedfishPower(redfish, redfishConfig)).management(new RedfishManagement(redfish))
                .bios(new dev.ferrum.conductor.driver.redfish.RedfishBios(redfish))
                .firmware(new dev.ferrum.conductor.driver.redfish.RedfishFirmware(redfish))
                .boot(ipxe)
                .boot(new NetworkBoot("pxe", bootConfig(settings), scripts, dhcpHosts));
        settings.inspect().inspector().ifPresentOrElse(
                inspector -> catalog.inspect(new InspectorInspect(inspector, new HttpInspectorClient(inspector))),
                () -> catalog.notConfigured(InterfaceKind.INSPECT, "inspector",
                        "start the conductor with --inspector-url URL of the inspector service to enable it"));
        return new DriverRegistry(DriverConfig.of(HARDWARE_TYPES, settings.name()), HardwareTypes.builtIn(), catalog);
    }

    private static java.nio.file.Path bootFilesDirectory(ConductorSettings settings) {
        return directory(settings.bootFiles(), "boot files");
    }

    private static java.nio.file.Path directory(java.nio.file.Path dir, String what) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the " + what + " directory " + dir, e);
        }
    }

    @Override
    public void close() {
        tlsReloader.ifPresent(TlsReloader::close);
        heartbeats.close();
        ownerCalls.close();
        sweeper.close();
        powerSync.close();
        pruner.close();
        pxeFilter.close();
        inspectorPoller.ifPresent(InspectorPoller::close);
        server.stop();
        plainBootServer.ifPresent(WebServer::stop);
        flows.close();
        store.conductors().unregister(settings.name());
        store.close();
    }
}
