package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.auth.AuthFileException;
import dev.ferrum.conductor.auth.UserDirectory;
import dev.ferrum.conductor.image.ImageSourcePolicy;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.KernelParameter;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ferrum-conductor}: serves the Ironic v1 API, the ramdisk endpoints and boot files, and runs
 * the deploy, clean and inspection flows, on embedded SQLite by default or a shared PostgreSQL.
 */
@Command(name = "ferrum-conductor", mixinStandardHelpOptions = true, versionProvider = ConductorVersion.class,
        description = "Run Ferrum's conductor: the Ironic-compatible API and the provisioning flows.")
public final class ConductorCommand implements Callable<Integer> {
    private static final Path KERNEL_HOST_NAME = Path.of("/proc/sys/kernel/hostname");

    /**
     * Begins, on a thread of its own, the part of a conductor's start the options do not need: Helidon's service
     * registry, which {@link ConductorServer} waits for before its first Helidon call. The entry point calls this
     * before it reads the options, so both share the two cores a small conductor has.
     */
    public static void prepareInBackground() {
        HelidonMappers.startPinning();
    }

    /** Started as the command is made, before its options are read: the start's first phase is theirs. */
    private final StartTimes startTimes = StartTimes.begin();

    @Spec
    CommandSpec spec;

    @Mixin
    TimelineOptions timeline;

    @Mixin
    InspectionOptions inspection;

    @Mixin
    ServerTlsOptions serverTls;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "6385", description = "Port to listen on (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--public-url", paramLabel = "URL",
            description = "How agents and boot scripts reach this conductor (default: http://<host>:<port>).")
    Optional<URI> publicUrl;

    @Option(names = "--data-dir", defaultValue = "ferrum-data",
            description = "Directory of the embedded SQLite store (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--database-url", paramLabel = "JDBC-URL",
            description = "A PostgreSQL JDBC URL shared by several conductors, instead of the embedded store.")
    Optional<String> databaseUrl;

    @Option(names = "--auth-token", paramLabel = "TOKEN",
            description = "A token operators must send (X-Auth-Token or Authorization: Bearer); repeatable.")
    List<String> tokens = new ArrayList<>();

    @Option(names = "--auth-htpasswd", paramLabel = "FILE",
            description = "Authenticate operators with HTTP Basic against this htpasswd file (bcrypt hashes, as"
                    + " htpasswd -B writes them), as Ironic's auth_strategy=http_basic; needs --auth-roles."
                    + " Re-read when it changes.")
    Optional<Path> htpasswdFile;

    @Option(names = "--auth-roles", paramLabel = "FILE",
            description = "Each --auth-htpasswd user's scope and role, one a line: 'USER system ROLE' or"
                    + " 'USER project PROJECT-ID ROLE' (ROLE: reader, member, manager, admin); a user it does not"
                    + " name may do nothing. Re-read when it changes.")
    Optional<Path> rolesFile;

    @Option(names = "--noauth", description = "Accept operator requests without a token (a lab or sandbox only).")
    boolean noauth;

    @Option(names = "--boot-files", paramLabel = "DIR",
            description = "Kernels and ramdisks served at /boot/files (default: boot under --data-dir).")
    Optional<Path> bootFiles;

    @Option(names = "--no-automated-clean", negatable = false,
            description = "Make nodes available without cleaning them on provide and undeploy.")
    boolean noAutomatedClean;

    @Option(names = "--clean-step-priority", paramLabel = "INTERFACE.STEP=PRIORITY",
            description = "Override a clean step's priority in automated cleaning, e.g. deploy.erase_devices=0 "
                    + "(0 skips the step); repeatable.")
    Map<String, Integer> cleanStepPriorities = new LinkedHashMap<>();

    @Option(names = "--name", description = "This conductor's name in the cluster (default: the host name).")
    Optional<String> name;

    @Option(names = "--heartbeat-interval", paramLabel = "SECONDS", defaultValue = "10",
            description = "How often this conductor marks itself alive; one silent for"
                    + " --conductor-heartbeat-timeout is taken over (default: ${DEFAULT-VALUE}).")
    int heartbeatSeconds;

    @Option(names = "--conductor-group", paramLabel = "GROUP", defaultValue = "",
            description = "The conductor group this conductor serves: it only works nodes whose conductor_group"
                    + " matches (default: the default group, empty).")
    String conductorGroup;

    @Option(names = "--conductor-heartbeat-timeout", paramLabel = "SECONDS",
            description = "How long a conductor may go without heartbeating before it is dead: not alive in"
                    + " /v1/conductors, off the hash ring, its nodes taken over (default: 6 heartbeat intervals).")
    Optional<Integer> heartbeatTimeoutSeconds;

    @Option(names = "--dhcp-hosts-dir", paramLabel = "DIR",
            description = "dnsmasq's dhcp-hostsdir: the conductor allows a node's MACs there while it network-boots"
                    + " and ignores them otherwise.")
    Optional<Path> dhcpHostsDir;

    @Option(names = "--kernel-param", paramLabel = "NAME[=VALUE]",
            description = "An extra kernel parameter for every agent ramdisk boot, e.g. console=ttyS0; repeatable.")
    List<String> kernelParams = new ArrayList<>();

    @Option(names = "--agent-ca-file", paramLabel = "PATH",
            description = "A PEM bundle of the CAs that sign https:// agents' certificates (default: the Java"
                    + " runtime's trust store).")
    Optional<Path> agentCaFile;

    @Option(names = "--discovery",
            description = "Admit machines no port names and boot them into inspection at all times (default: only"
                    + " while some node waits in 'inspect wait').")
    boolean discovery;

    @Option(names = "--pxe-filter-interval", paramLabel = "SECONDS", defaultValue = "15",
            description = "How often the DHCP hosts directory and discovery are reconciled with the nodes; state"
                    + " changes also sync at once (default: ${DEFAULT-VALUE}).")
    int pxeFilterSeconds;

    @Option(names = "--discovery-kernel", paramLabel = "URL|PATH", defaultValue = PxeFilterSettings.DEFAULT_KERNEL,
            description = "The kernel unknown machines boot for inspection, a URL or a path under --boot-files"
                    + " (default: ${DEFAULT-VALUE}).")
    String discoveryKernel;

    @Option(names = "--discovery-ramdisk", paramLabel = "URL|PATH", defaultValue = PxeFilterSettings.DEFAULT_RAMDISK,
            description = "The initramfs unknown machines boot for inspection, a URL or a path under --boot-files"
                    + " (default: ${DEFAULT-VALUE}).")
    String discoveryRamdisk;

    @Option(names = "--dnsmasq-pid-file", paramLabel = "PATH",
            description = "dnsmasq's pid-file: the conductor sends it SIGHUP after deleting the hosts files of"
                    + " removed ports (default: none, and dnsmasq keeps their last record until it restarts).")
    Optional<Path> dnsmasqPidFile;

    @Option(names = "--secrets-key-file", paramLabel = "FILE",
            description = "Encrypt driver_info secrets (passwords, keys, tokens) at rest with this key: 32 random bytes,"
                    + " raw or base64, readable by the conductor only (e.g. head -c 32 /dev/urandom | base64 > FILE;"
                    + " chmod 600 FILE). Default: stored in clear.")
    Optional<Path> secretsKeyFile;

    @Option(names = "--secrets-old-key-file", paramLabel = "FILE",
            description = "A previous --secrets-key-file, still read while values are re-encrypted with the current"
                    + " one (on each node's next write, or all at once with --rotate-secrets); repeatable.")
    List<Path> secretsOldKeyFiles = new ArrayList<>();

    @Option(names = "--rotate-secrets",
            description = "At start, re-encrypt every node's driver_info secrets with --secrets-key-file (values in"
                    + " clear or under an old key), then serve as usual.")
    boolean rotateSecrets;

    @Option(names = "--file-image-dir", paramLabel = "DIR",
            description = "A directory file:// image sources may name files under (Ironic's"
                    + " [conductor]file_url_allowed_paths); repeatable; an empty value allows none"
                    + " (default: /var/lib/ironic).")
    List<String> fileImageDirs = new ArrayList<>(List.of(ImageSourcePolicy.DEFAULT_FILE_DIRECTORY.toString()));

    @Override
    public Integer call() throws InterruptedException {
        startTimes.mark("options");
        ConductorSettings settings = settings();
        startTimes.mark("settings");
        URI url = settings.publicUrl();
        ConductorServer server;
        try {
            server = ConductorServer.start(settings, startTimes);
        } catch (RuntimeException e) {
            // One line for the operator, as picocli gives for a bad flag; the log has the rest.
            System.getLogger(ConductorCommand.class.getName()).log(System.Logger.Level.DEBUG, "start failed", e);
            spec.commandLine().getErr().println("ferrum-conductor: " + startFailure(e));
            spec.commandLine().getErr().flush();
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                stopped.countDown();
            }, "conductor-shutdown"));
        } catch (IllegalStateException shuttingDown) {
            // A stop signal came while the conductor was starting: the JVM takes no more hooks, so stop here, as the
            // hook would have, instead of leaving a stack trace on the way out.
            server.close();
            return 0;
        }
        spec.commandLine().getOut().printf("Ferrum conductor '%s' listening on %s (API %s/v1)%n", settings.name(),
                host + ":" + server.port(), url);
        spec.commandLine().getOut().flush();
        stopped.await();
        return 0;
    }

    /** The settings the options give; a {@link ParameterException} says which option is wrong. */
    ConductorSettings settings() {
        ApiAuth auth = auth();
        if (port < 1 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be 1-65535, got " + port);
        }
        cleanStepPriorities.forEach((step, priority) -> {
            if (!step.contains(".") || priority < 0) {
                throw new ParameterException(spec.commandLine(), "--clean-step-priority takes INTERFACE.STEP=PRIORITY "
                        + "with PRIORITY >= 0, e.g. deploy.erase_devices=0; got " + step + "=" + priority);
            }
        });
        if (heartbeatSeconds < 1) {
            throw new ParameterException(spec.commandLine(), "--heartbeat-interval must be at least 1 second, got "
                    + heartbeatSeconds);
        }
        List<KernelParameter> parameters = new ArrayList<>();
        for (String parameter : kernelParams) {
            try {
                int equals = parameter.indexOf('=');
                parameters.add(equals < 0 ? new KernelParameter.Flag(parameter)
                        : new KernelParameter.Setting(parameter.substring(0, equals), parameter.substring(equals + 1)));
            } catch (PxeException e) {
                throw new ParameterException(spec.commandLine(), "--kernel-param " + parameter + ": " + e.getMessage());
            }
        }
        agentCaFile.ifPresent(pem -> {
            // Checked here so a bad file stops the start with a flag error, not a failed deploy much later.
            try {
                PemTrust.certificates(pem);
            } catch (CaFileException e) {
                throw new ParameterException(spec.commandLine(), "--agent-ca-file: " + e.getMessage());
            }
        });
        Optional<ServerTlsFiles> tls = serverTls.files();
        URI url = publicUrl.orElse(URI.create((tls.isPresent() ? "https" : "http") + "://" + host + ":" + port));
        // Relative paths (the defaults are) mean the directory the conductor was started in.
        Path data = dataDir.toAbsolutePath().normalize();
        Path boot = bootFiles.orElse(data.resolve("boot")).toAbsolutePath().normalize();
        return new ConductorSettings(host, port, url, data, databaseUrl, auth, boot,
                !noAutomatedClean, name.orElseGet(ConductorCommand::hostName), Duration.ofSeconds(heartbeatSeconds),
                Duration.ofSeconds(30), cleanStepPriorities, dhcpHostsDir.map(d -> d.toAbsolutePath().normalize()),
                parameters,
                agentCaFile, inspection.settings(), pxeFilterSettings(), tls, secretsSettings(), imageSources(),
                serverTls.plainBootPort(port), clusterSettings(), timeline.settings());
    }

    private ClusterSettings clusterSettings() {
        Duration interval = Duration.ofSeconds(heartbeatSeconds);
        Duration timeout = heartbeatTimeoutSeconds.map(Duration::ofSeconds)
                .orElse(interval.multipliedBy(ClusterSettings.MISSED_HEARTBEATS_FOR_DEAD));
        if (timeout.compareTo(interval.multipliedBy(2)) < 0) {
            throw new ParameterException(spec.commandLine(), "--conductor-heartbeat-timeout must be at least twice"
                    + " --heartbeat-interval (" + heartbeatSeconds + " s), or a live conductor counts as dead between"
                    + " two heartbeats; got " + timeout.toSeconds());
        }
        return new ClusterSettings(conductorGroup.strip(), timeout);
    }

    private SecretsSettings secretsSettings() {
        if (secretsKeyFile.isEmpty() && (!secretsOldKeyFiles.isEmpty() || rotateSecrets)) {
            throw new ParameterException(spec.commandLine(), "--secrets-old-key-file and --rotate-secrets need"
                    + " --secrets-key-file: the key values are re-encrypted with");
        }
        return new SecretsSettings(secretsKeyFile.map(f -> f.toAbsolutePath().normalize()),
                secretsOldKeyFiles.stream().map(f -> f.toAbsolutePath().normalize()).toList(), rotateSecrets);
    }

    private ImageSourcePolicy imageSources() {
        List<Path> dirs = new ArrayList<>();
        for (String dir : fileImageDirs) {
            if (dir.isBlank()) {
                continue;
            }
            Path path = Path.of(dir);
            if (!path.isAbsolute() || !path.normalize().equals(path) || dir.contains("..")) {
                throw new ParameterException(spec.commandLine(), "--file-image-dir must be an absolute path without"
                        + " '..', got " + dir);
            }
            dirs.add(path);
        }
        return new ImageSourcePolicy(dirs);
    }

    private PxeFilterSettings pxeFilterSettings() {
        if (pxeFilterSeconds < 1) {
            throw new ParameterException(spec.commandLine(), "--pxe-filter-interval must be at least 1 second, got "
                    + pxeFilterSeconds);
        }
        for (String[] file : List.of(new String[] {"--discovery-kernel", discoveryKernel},
                new String[] {"--discovery-ramdisk", discoveryRamdisk})) {
            if (file[1].isBlank() || file[1].chars().anyMatch(c -> c <= ' ')) {
                throw new ParameterException(spec.commandLine(), file[0] + " must be a URL or a path under"
                        + " --boot-files without spaces, got '" + file[1] + "'");
            }
        }
        if (dnsmasqPidFile.isPresent() && dhcpHostsDir.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--dnsmasq-pid-file needs --dhcp-hosts-dir: dnsmasq is"
                    + " only signalled about the hosts directory the conductor keeps");
        }
        return new PxeFilterSettings(discovery, Duration.ofSeconds(pxeFilterSeconds), discoveryKernel,
                discoveryRamdisk, dnsmasqPidFile);
    }

    private ApiAuth auth() {
        int modes = (noauth ? 1 : 0) + (tokens.isEmpty() ? 0 : 1) + (htpasswdFile.isPresent() ? 1 : 0);
        if (modes > 1) {
            throw new ParameterException(spec.commandLine(), "choose one of --noauth, --auth-token and"
                    + " --auth-htpasswd, not several");
        }
        if (htpasswdFile.isPresent() != rolesFile.isPresent()) {
            throw new ParameterException(spec.commandLine(), "--auth-htpasswd and --auth-roles go together: give"
                    + " both the users' passwords and their roles");
        }
        if (htpasswdFile.isPresent()) {
            try {
                return new ApiAuth.HttpBasic(new UserDirectory(htpasswdFile.get().toAbsolutePath().normalize(),
                        rolesFile.get().toAbsolutePath().normalize()));
            } catch (AuthFileException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        if (noauth) {
            return new ApiAuth.NoAuth();
        }
        if (tokens.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "operator requests need a token: give --auth-token TOKEN "
                    + "(repeatable), --auth-htpasswd FILE with --auth-roles FILE for users and roles, or --noauth"
                    + " for a lab without authentication");
        }
        return new ApiAuth.Tokens(tokens);
    }

    private static String startFailure(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String line = message.lines().findFirst().orElse(message);
        return e instanceof ConductorStartException ? line : "could not start: " + line;
    }

    /**
     * The machine's host name as gethostname(2) gives it, read from the kernel where Linux publishes it: what
     * {@code InetAddress.getLocalHost().getHostName()} returns too, but that first resolves the name, and a name
     * missing from /etc/hosts makes every start wait on DNS. Elsewhere (or unreadable), the resolver as before.
     */
    static String hostName() {
        try {
            String name = Files.readString(KERNEL_HOST_NAME).strip();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Not Linux, or no /proc: ask the resolver.
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "conductor";
        }
    }

}
