package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.image.ImageSourcePolicy;
import dev.ferrum.pxe.script.KernelParameter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a conductor process is started with, read once from the command line.
 *
 * @param publicUrl how agents and boot scripts reach the API (their {@code ipa-api-url})
 * @param databaseUrl a shared PostgreSQL; the embedded SQLite store in {@code dataDir} when empty
 * @param heartbeatInterval how often this conductor marks itself alive in the store
 * @param sweepInterval how often nodes past their wait deadline are failed
 * @param cleanStepPriorities operator overrides of clean step priorities, keyed {@code "<interface>.<step>"}
 *     (e.g. {@code deploy.erase_devices}); 0 disables a step in automated cleaning
 * @param dhcpHostsDirectory dnsmasq's {@code dhcp-hostsdir} the network boot interfaces keep, one file
 *     per MAC; none when DHCP is managed elsewhere
 * @param kernelParameters extra kernel parameters for every agent ramdisk boot (e.g. a console)
 * @param agentCaFile a PEM bundle of the CAs that sign {@code https://} agents' certificates; the
 *     runtime's trust store when empty
 * @param inspect the remote inspector service, if any, how often it is polled and the inspection timeout
 * @param pxeFilter whether unknown machines are always discovered, and how often the PXE filter syncs
 * @param tls the certificate and key the API, boot files and inspection callback are served with over HTTPS;
 *     plain HTTP when empty
 * @param cluster this conductor's conductor group and the heartbeat timeout after which a conductor is dead
 * @param plainBootPort with {@code tls}: a second, plain-HTTP port serving the boot files alone (iPXE scripts,
 *     kernels, ramdisks), which the boot scripts then name, for boot firmware that cannot check the certificate
 * @param timeline node history retention and the power state sync
 */
public record ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
        ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
        Duration sweepInterval, Map<String, Integer> cleanStepPriorities, Optional<Path> dhcpHostsDirectory,
        List<KernelParameter> kernelParameters, Optional<Path> agentCaFile, InspectSettings inspect,
        PxeFilterSettings pxeFilter, Optional<ServerTlsFiles> tls, SecretsSettings secrets,
        ImageSourcePolicy imageSources, Optional<Integer> plainBootPort, ClusterSettings cluster,
        TimelineSettings timeline) {

    public ConductorSettings {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(timeline, "timeline");
        Objects.requireNonNull(plainBootPort, "plainBootPort");
        if (plainBootPort.isPresent() && tls.isEmpty()) {
            throw new IllegalArgumentException("a plain boot port only makes sense beside HTTPS");
        }
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(imageSources, "imageSources");
        Objects.requireNonNull(tls, "tls");
        cleanStepPriorities = Map.copyOf(cleanStepPriorities);
        kernelParameters = List.copyOf(kernelParameters);
        Objects.requireNonNull(dhcpHostsDirectory, "dhcpHostsDirectory");
        Objects.requireNonNull(agentCaFile, "agentCaFile");
        Objects.requireNonNull(inspect, "inspect");
        Objects.requireNonNull(pxeFilter, "pxeFilter");
    }

    /**
     * Settings in the default conductor group, dead after 6 missed heartbeats, with Ironic's default history
     * retention and power sync.
     */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval, Map<String, Integer> cleanStepPriorities, Optional<Path> dhcpHostsDirectory,
            List<KernelParameter> kernelParameters, Optional<Path> agentCaFile, InspectSettings inspect,
            PxeFilterSettings pxeFilter, Optional<ServerTlsFiles> tls, SecretsSettings secrets,
            ImageSourcePolicy imageSources, Optional<Integer> plainBootPort) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile, inspect,
                pxeFilter, tls, secrets, imageSources, plainBootPort, ClusterSettings.defaults(heartbeatInterval),
                TimelineSettings.defaults());
    }

    /** Settings with driver_info secrets in clear and Ironic's default image sources. */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval, Map<String, Integer> cleanStepPriorities, Optional<Path> dhcpHostsDirectory,
            List<KernelParameter> kernelParameters, Optional<Path> agentCaFile, InspectSettings inspect,
            PxeFilterSettings pxeFilter, Optional<ServerTlsFiles> tls) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile, inspect,
                pxeFilter, tls, SecretsSettings.clear(), ImageSourcePolicy.defaults(), Optional.empty());
    }

    /** Settings served over plain HTTP. */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval, Map<String, Integer> cleanStepPriorities, Optional<Path> dhcpHostsDirectory,
            List<KernelParameter> kernelParameters, Optional<Path> agentCaFile, InspectSettings inspect,
            PxeFilterSettings pxeFilter) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile, inspect,
                pxeFilter, Optional.empty());
    }

    /** The same settings served over HTTPS with {@code files}. */
    public ConductorSettings withTls(ServerTlsFiles files) {
        return new ConductorSettings(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name,
                heartbeatInterval, sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile,
                inspect, pxeFilter, Optional.of(files), secrets, imageSources, plainBootPort, cluster, timeline);
    }

    /** The same settings, also serving the boot files over plain HTTP on {@code bootPort} (needs TLS). */
    public ConductorSettings withPlainBootPort(int bootPort) {
        return new ConductorSettings(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name,
                heartbeatInterval, sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile,
                inspect, pxeFilter, tls, secrets, imageSources, Optional.of(bootPort), cluster, timeline);
    }

    /** The same settings in another cluster role (conductor group, heartbeat timeout). */
    public ConductorSettings withCluster(ClusterSettings role) {
        return new ConductorSettings(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name,
                heartbeatInterval, sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile,
                inspect, pxeFilter, tls, secrets, imageSources, plainBootPort, role, timeline);
    }

    /** The same settings with another history retention and power sync. */
    public ConductorSettings withTimeline(TimelineSettings other) {
        return new ConductorSettings(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name,
                heartbeatInterval, sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile,
                inspect, pxeFilter, tls, secrets, imageSources, plainBootPort, cluster, other);
    }

    /** Settings with the default PXE filter: discovery only while an inspection runs. */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval, Map<String, Integer> cleanStepPriorities, Optional<Path> dhcpHostsDirectory,
            List<KernelParameter> kernelParameters, Optional<Path> agentCaFile, InspectSettings inspect) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile, inspect,
                PxeFilterSettings.defaults());
    }

    /** Settings without a remote inspector service. */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval, Map<String, Integer> cleanStepPriorities, Optional<Path> dhcpHostsDirectory,
            List<KernelParameter> kernelParameters, Optional<Path> agentCaFile) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, cleanStepPriorities, dhcpHostsDirectory, kernelParameters, agentCaFile,
                InspectSettings.withoutInspector());
    }

    /** Settings without DHCP hosts directory, extra kernel parameters or agent CA file. */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval, Map<String, Integer> cleanStepPriorities) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, cleanStepPriorities, Optional.empty(), List.of(), Optional.empty());
    }

    /** Settings that keep every clean step at the priority its agent reports. */
    public ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
            ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
            Duration sweepInterval) {
        this(host, port, publicUrl, dataDir, databaseUrl, auth, bootFiles, automatedClean, name, heartbeatInterval,
                sweepInterval, Map.of());
    }
}
