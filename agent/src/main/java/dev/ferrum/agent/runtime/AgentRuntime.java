package dev.ferrum.agent.runtime;

import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.api.AgentApi;
import dev.ferrum.agent.api.AgentTokens;
import dev.ferrum.agent.bootloader.BootloaderInstaller;
import dev.ferrum.agent.command.CommandCatalog;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandExecutor;
import dev.ferrum.agent.conductor.CallbackAddress;
import dev.ferrum.agent.conductor.HeartbeatSchedule;
import dev.ferrum.agent.conductor.Heartbeater;
import dev.ferrum.agent.conductor.Lookup;
import dev.ferrum.agent.conductor.LookupProcedure;
import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.extension.ImageCommands;
import dev.ferrum.agent.extension.InformationCommands;
import dev.ferrum.agent.extension.RescueCommands;
import dev.ferrum.agent.extension.StandbyCommands;
import dev.ferrum.agent.extension.StepCommands;
import dev.ferrum.agent.inspection.InspectionPoster;
import dev.ferrum.agent.inspection.LldpInventory;
import dev.ferrum.agent.inspection.InspectionReport;
import dev.ferrum.agent.rescue.RescuePassword;
import dev.ferrum.agent.tls.SelfSignedCertificate;
import dev.ferrum.hardware.registry.NoManagerCouldException;
import dev.ferrum.hardware.spi.BmcCredentials;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.hardware.spi.RootDeviceSelector;
import dev.ferrum.protocol.command.AgentStatus;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import io.helidon.common.tls.Tls;
import io.helidon.webserver.WebServer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The agent's life on a machine: wait for a NIC, post inspection data when asked to, look the node
 * up, serve the command API, and heartbeat until stopped. Start-up failures are fatal and say why;
 * the ramdisk's init logs them and powers off rather than leaving a silent machine.
 */
public final class AgentRuntime implements AutoCloseable {
    /** Ways to write the IPv6 wildcard address in ipa-listen-host. */
    private static final Set<String> IPV6_WILDCARDS = Set.of("::", "[::]", "0:0:0:0:0:0:0:0");
    private static final System.Logger LOG = System.getLogger(AgentRuntime.class.getName());
    /** How long the API outlives {@code finalize_rescue}, so its answer is delivered before the server stops. */
    private static final Duration RESCUE_API_DRAIN = Duration.ofSeconds(2);

    private final AgentServices services;
    private final ExecutorService background = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicReference<Heartbeater> heartbeater = new AtomicReference<>();
    private WebServer server;
    private Optional<Lookup> lookup = Optional.empty();
    private final int processors;

    public AgentRuntime(AgentServices services) {
        this(services, Runtime.getRuntime().availableProcessors());
    }

    /** @param processors the CPUs the start-up may share out: on one, background work waits for the lookup */
    AgentRuntime(AgentServices services, int processors) {
        this.services = services;
        this.processors = processors;
    }

    /** Runs the start-up sequence; when it returns the API listens and heartbeats are running. */
    public void start() {
        AgentConfig config = services.config();
        Instant startedAt = services.clock().instant();
        // The first line on the console once the JVM runs the agent: boot-time measurements start the agent's share here.
        LOG.log(System.Logger.Level.INFO, "agent started; waiting for a network interface, then looking up the node");
        // OSHI and the like warm up while the lookup, which needs only the MACs, goes ahead without them. On one CPU
        // the warm-up would only take it from the lookup (under QEMU's TCG the two shared it for seconds), so it
        // starts once the lookup is answered: nothing reads the inventory before that but inspection, which
        // collects it in full anyway.
        Runnable warmUp = () -> background.execute(services.registry()::prepareInventory);
        if (processors >= 2) {
            warmUp.run();
        }
        sleep(config.hardwareInitializationDelay());
        List<String> macs = waitForNetworkInterface().stream().map(NetworkInterface::macAddress).toList();
        Supplier<Inventory> inventory = fullInventory();
        // Made while the lookup waits for its answer; used only if the lookup's answer asks for auto-TLS.
        EarlyCertificate certificate = EarlyCertificate.start(config, background, services.clock(), processors);

        Optional<String> nodeUuid = config.inspectionCallbackUrl().flatMap(url -> inspect(url, inventory.get()));

        AgentTokens tokens;
        if (config.standalone() || config.apiUrls().isEmpty()) {
            tokens = new AgentTokens(true);
            config.preSharedAgentToken().ifPresent(tokens::issue);
        } else {
            Lookup found = new LookupProcedure(services.transport(), services.json(), services.clock(), services.sleeper(),
                    services.random()).lookup(config, macs, nodeUuid, inventory);
            lookup = Optional.of(found);
            tokens = tokensFor(found);
        }
        if (processors < 2) {
            warmUp.run();
        }

        Optional<SelfSignedCertificate> autoTls = lookup.filter(found -> config.enableAutoTls()
                && "http".equals(config.advertiseProtocol()) && found.conductorTakesAgentCertificate())
                .map(found -> certificate.forHost(EarlyCertificate.callbackHost(config, found.apiUrl())));
        server = startApi(tokens, startedAt, autoTls);
        LOG.log(System.Logger.Level.INFO, "command API listening on port " + server.port()
                + (autoTls.isPresent() ? " with HTTPS (auto-TLS; the certificate goes to the conductor)" : ""));

        lookup.ifPresent(found -> {
            URI callback = CallbackAddress.callbackUrl(autoTls.isPresent() ? "https" : config.advertiseProtocol(),
                    config.advertiseHost(), config.listenPort() == 0 ? server.port() : config.advertisePort(),
                    found.apiUrl());
            Heartbeater beats = new Heartbeater(services.transport(), services.json(), found, callback, tokens,
                    services.version(), autoTls.map(SelfSignedCertificate::certificatePem),
                    new HeartbeatSchedule(found.heartbeatTimeout(), services.random()), services.clock());
            heartbeater.set(beats);
            beats.start();
            LOG.log(System.Logger.Level.INFO, "node=" + found.nodeUuid() + " heartbeating with callback " + callback);
        });
    }

    /** The port the command API listens on. */
    public int port() {
        if (server == null) {
            throw new IllegalStateException("the agent has not started");
        }
        return server.port();
    }

    /** The lookup result, once looked up. */
    public Optional<Lookup> lookup() {
        return lookup;
    }

    /** The heartbeater, once heartbeating. */
    public Optional<Heartbeater> heartbeats() {
        return Optional.ofNullable(heartbeater.get());
    }

    private AgentTokens tokensFor(Lookup found) {
        AgentTokens tokens = new AgentTokens(found.legacy());
        Optional<String> issued = found.config().usableAgentToken().or(() -> services.config().preSharedAgentToken());
        if (issued.isPresent()) {
            tokens.issue(issued.get());
        } else if (!found.legacy()) {
            // The conductor shows "******" because it issued the token to an earlier lookup of this node
            // (an agent that restarted, or a second agent). Heartbeats would be refused forever.
            throw new AgentException("node=" + found.nodeUuid() + ": the conductor did not give this agent its token"
                    + " (it was issued to an earlier lookup). Restart the operation on the conductor (for example "
                    + "'baremetal node abort' and retry, or reboot the node through the conductor) so a fresh token "
                    + "is issued.");
        }
        return tokens;
    }

    private WebServer startApi(AgentTokens tokens, Instant startedAt, Optional<SelfSignedCertificate> tls) {
        List<CommandDefinition> definitions = new ArrayList<>();
        definitions.addAll(new StepCommands(services.registry(), services.json()).definitions());
        definitions.addAll(new StandbyCommands(services.deployer(), services.power(),
                services.registry().machine().commands(), services.json()).definitions());
        var machine = services.registry().machine();
        // The instance's root is mounted under the machine's /tmp (the ramdisk's tmpfs) while GRUB is installed.
        var bootloader = new BootloaderInstaller(machine, machine.root().resolve("tmp/ferrum-instance-root"),
                System.getProperty("os.arch"));
        definitions.addAll(new ImageCommands(services.deployer(), bootloader, machine.commands(), services.json())
                .definitions());
        definitions.addAll(new InformationCommands(services.registry(), services.logs(), services.json()).definitions());
        definitions.addAll(new RescueCommands(new RescuePassword(services.registry().machine(), services.clock()),
                this::lockDownAfterRescue).definitions());
        CommandExecutor executor = new CommandExecutor(new CommandCatalog(definitions), background,
                result -> heartbeats().ifPresent(Heartbeater::requestPrompt));
        AgentApi api = new AgentApi(executor, tokens, AgentStatus.of(startedAt, services.version()), services.json(),
                Duration.ofHours(2));
        AgentConfig config = services.config();
        WebServer started = listen(api, config.listenHost(), config.listenPort(), tls);
        if (!started.isRunning() && IPV6_WILDCARDS.contains(config.listenHost())) {
            // The default "::" needs IPv6, which a machine may lack (a container on a bridge
            // without IPv6, a kernel booted with ipv6.disable=1): every IPv4 address will do.
            LOG.log(System.Logger.Level.WARNING, "cannot listen on [" + config.listenHost() + "]:" + config.listenPort()
                    + " (no IPv6 here?); listening on 0.0.0.0 instead");
            started = listen(api, "0.0.0.0", config.listenPort(), tls);
        }
        if (!started.isRunning()) {
            // Heartbeating a callback URL nobody answers would only fail the node later and obscurely.
            throw new AgentException("the command API cannot listen on " + config.listenHost() + " port " + config.listenPort()
                    + " (see the error above); set ipa-listen-host and ipa-listen-port to a free local address and port");
        }
        return started;
    }

    /**
     * IPA's lock-down once a rescue is finalized: heartbeats stop now, the command API once the answer to
     * {@code finalize_rescue} has had time to reach the conductor. The network stays up: the tenant logs in
     * over it.
     */
    private void lockDownAfterRescue() {
        Heartbeater beats = heartbeater.getAndSet(null);
        if (beats != null) {
            beats.close();
        }
        LOG.log(System.Logger.Level.INFO, "rescue finalized: heartbeats stopped, the command API stops in "
                + RESCUE_API_DRAIN.toSeconds() + " s");
        background.execute(() -> {
            try {
                services.sleeper().sleep(RESCUE_API_DRAIN);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            WebServer running = server;
            if (running != null) {
                running.stop();
            }
        });
    }

    private static WebServer listen(AgentApi api, String host, int port, Optional<SelfSignedCertificate> tls) {
        var builder = WebServer.builder().host(host).port(port).routing(routing -> routing.register(api));
        tls.ifPresent(own -> builder.tls(Tls.builder().privateKey(own.privateKey())
                .privateKeyCertChain(List.of(own.certificate())).build()));
        return builder.build().start();
    }

    private Optional<String> inspect(URI callbackUrl, Inventory found) {
        AgentConfig config = services.config();
        Inventory inventory = config.collectLldp() ? LldpInventory.with(found, services.registry().collectLldp(
                found.interfaces().stream().map(NetworkInterface::name).toList())) : found;
        Optional<Disk> rootDisk = rootDisk(inventory);
        Optional<String> logs = config.inspectionCollectors().contains("logs")
                ? Optional.of(services.logs().collectBase64()) : Optional.empty();
        var report = InspectionReport.build(services.json(), inventory, rootDisk, config.bootInterfaceMac(),
                config.inspectionCollectors(), services.registry().managers(), logs);
        InspectionPoster.Answer answer = new InspectionPoster(services.transport(), services.json(),
                services.sleeper(), 10, Duration.ofSeconds(10)).post(callbackUrl, report);
        answer.credentials().ifPresent(this::setBmcCredentials);
        return answer.nodeUuid();
    }

    /**
     * discoverd's in-band credential setup: the inspection service asked for a BMC user; a failure is logged
     * (without the password) and not fatal, since the conductor checks the BMC out of band and fails the
     * inspection with its own error when the user does not work.
     */
    private void setBmcCredentials(BmcCredentials credentials) {
        try {
            String manager = services.registry().setBmcCredentials(credentials);
            LOG.log(System.Logger.Level.INFO, "BMC user " + credentials.username() + " set in band by " + manager);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "setting BMC user " + credentials.username() + " failed: "
                    + e.getMessage());
        }
    }

    private Optional<Disk> rootDisk(Inventory inventory) {
        try {
            return Optional.of(services.registry().dispatchFirst(RootDeviceSelector.class, "choose a root disk",
                    selector -> selector.selectRootDevice(inventory.disks(), RootDeviceHints.NONE)).value());
        } catch (NoManagerCouldException e) {
            LOG.log(System.Logger.Level.WARNING, "no root disk for inspection: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The full inventory, collected once and only if inspection or a legacy lookup asks for it. */
    private Supplier<Inventory> fullInventory() {
        AtomicReference<Inventory> collected = new AtomicReference<>();
        return () -> collected.updateAndGet(known -> known != null ? known
                : services.registry().collectInventory().inventory());
    }

    private List<NetworkInterface> waitForNetworkInterface() {
        Instant deadline = services.clock().instant().plus(services.nicWait());
        while (true) {
            List<NetworkInterface> interfaces = services.registry().collectNetworkInterfaces();
            if (!interfaces.isEmpty()) {
                return interfaces;
            }
            if (services.clock().instant().isAfter(deadline)) {
                throw new AgentException("no network interface with a MAC address appeared within "
                        + services.nicWait().toSeconds() + " s; check that the NIC's driver module is in the ramdisk");
            }
            sleep(Duration.ofSeconds(1));
        }
    }

    private void sleep(Duration duration) {
        if (duration.isZero()) {
            return;
        }
        try {
            services.sleeper().sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted during start-up", e);
        }
    }

    @Override
    public void close() {
        Heartbeater beats = heartbeater.getAndSet(null);
        if (beats != null) {
            beats.close();
        }
        if (server != null) {
            server.stop();
        }
        background.shutdownNow();
    }
}
