package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.CommandOptions.flag;
import static dev.ferrum.conductor.cli.CommandOptions.intValue;
import static dev.ferrum.conductor.cli.CommandOptions.isSet;
import static dev.ferrum.conductor.cli.CommandOptions.optional;
import static dev.ferrum.conductor.cli.CommandOptions.repeatable;
import static dev.ferrum.conductor.cli.CommandOptions.value;
import static dev.ferrum.conductor.cli.CommandOptions.valued;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.auth.AuthFileException;
import dev.ferrum.conductor.auth.UserDirectory;
import dev.ferrum.conductor.image.ImageSourcePolicy;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import dev.ferrum.pxe.script.KernelParameter;
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
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code ferrum-conductor}: serves the Ironic v1 API, the ramdisk endpoints and boot files, and runs
 * the deploy, clean and inspection flows, on embedded SQLite by default or a shared PostgreSQL. Declared without
 * annotations (see {@link CommandOptions}).
 */
public final class ConductorCommand implements Callable<Integer> {
    private static final Path KERNEL_HOST_NAME = Path.of("/proc/sys/kernel/hostname");

    /**
     * Begins, on threads of their own, the parts of a conductor's start the options do not need: Helidon's service
     * registry, which {@link ConductorServer} waits for before its first Helidon call, and Jackson's set-up. The entry
     * point calls this before it reads the options, so they share the two cores a small conductor has.
     */
    public static void prepareInBackground() {
        HelidonMappers.startPinning();
        // The first ObjectMapper initialises Jackson's default date format, and with it the JDK's calendar and locale
        // data: a tenth of the store's phase on the main thread (wall-clock profile of a start). Made here first, the
        // store's and the API's mappers find it done; one made by neither is the only waste.
        Thread.ofPlatform().daemon().name("jackson-start").start(ObjectMapper::new);
    }

    /** Started as the command is made, before its options are read: the start's first phase is theirs. */
    private final StartTimes startTimes = StartTimes.begin();

    private final CommandSpec spec = CommandOptions.command(this, "ferrum-conductor",
            "Run Ferrum's conductor: the Ironic-compatible API and the provisioning flows.", new ConductorVersion());
    private final TimelineOptions timeline = new TimelineOptions(spec);
    private final InspectionOptions inspection = new InspectionOptions(spec);
    private final ServerTlsOptions serverTls = new ServerTlsOptions(spec);

    public ConductorCommand() {
        spec.addOption(valued("--host", "<host>", String.class, "Address to listen on (default: ${DEFAULT-VALUE}).")
                .defaultValue("127.0.0.1").build());
        spec.addOption(valued("--port", "<port>", int.class, "Port to listen on (default: ${DEFAULT-VALUE}).")
                .defaultValue("6385").build());
        spec.addOption(valued("--public-url", "URL", URI.class, "How agents and boot scripts reach this conductor"
                + " (default: http://<host>:<port>).").build());
        spec.addOption(valued("--data-dir", "<dataDir>", Path.class, "Directory of the embedded SQLite store (default:"
                + " ${DEFAULT-VALUE}).").defaultValue("ferrum-data").build());
        spec.addOption(valued("--database-url", "JDBC-URL", String.class, "A PostgreSQL JDBC URL shared by several"
                + " conductors, instead of the embedded store.").build());
        spec.addOption(repeatable("--auth-token", "TOKEN", String.class, "A token operators must send (X-Auth-Token or"
                + " Authorization: Bearer); repeatable."));
        spec.addOption(valued("--auth-htpasswd", "FILE", Path.class, "Authenticate operators with HTTP Basic against"
                + " this htpasswd file (bcrypt hashes, as htpasswd -B writes them), as Ironic's"
                + " auth_strategy=http_basic; needs --auth-roles. Re-read when it changes.").build());
        spec.addOption(valued("--auth-roles", "FILE", Path.class, "Each --auth-htpasswd user's scope and role, one a"
                + " line: 'USER system ROLE' or 'USER project PROJECT-ID ROLE' (ROLE: reader, member, manager, admin);"
                + " a user it does not name may do nothing. Re-read when it changes.").build());
        spec.addOption(flag("--noauth", "Accept operator requests without a token (a lab or sandbox only)."));
        spec.addOption(valued("--boot-files", "DIR", Path.class, "Kernels and ramdisks served at /boot/files (default:"
                + " boot under --data-dir).").build());
        spec.addOption(flag("--no-automated-clean", "Make nodes available without cleaning them on provide and"
                + " undeploy."));
        spec.addOption(OptionSpec.builder("--clean-step-priority").paramLabel("INTERFACE.STEP=PRIORITY")
                .type(Map.class).auxiliaryTypes(String.class, Integer.class)
                .initialValue(new LinkedHashMap<String, Integer>())
                .description("Override a clean step's priority in automated cleaning, e.g. deploy.erase_devices=0 (0"
                        + " skips the step); repeatable.").build());
        spec.addOption(valued("--name", "<name>", String.class, "This conductor's name in the cluster (default: the"
                + " host name).").build());
        spec.addOption(valued("--heartbeat-interval", "SECONDS", int.class, "How often this conductor marks itself"
                + " alive; one silent for --conductor-heartbeat-timeout is taken over (default: ${DEFAULT-VALUE}).")
                .defaultValue("10").build());
        spec.addOption(valued("--conductor-group", "GROUP", String.class, "The conductor group this conductor serves:"
                + " it only works nodes whose conductor_group matches (default: the default group, empty).")
                .defaultValue("").build());
        spec.addOption(valued("--conductor-heartbeat-timeout", "SECONDS", Integer.class, "How long a conductor may go"
                + " without heartbeating before it is dead: not alive in /v1/conductors, off the hash ring, its nodes"
                + " taken over (default: 6 heartbeat intervals).").build());
        spec.addOption(valued("--dhcp-hosts-dir", "DIR", Path.class, "dnsmasq's dhcp-hostsdir: the conductor allows a"
                + " node's MACs there while it network-boots and ignores them otherwise.").build());
        spec.addOption(repeatable("--kernel-param", "NAME[=VALUE]", String.class, "An extra kernel parameter for every"
                + " agent ramdisk boot, e.g. console=ttyS0; repeatable."));
        spec.addOption(valued("--agent-ca-file", "PATH", Path.class, "A PEM bundle of the CAs that sign https://"
                + " agents' certificates (default: the Java runtime's trust store).").build());
        spec.addOption(flag("--discovery", "Admit machines no port names and boot them into inspection at all times"
                + " (default: only while some node waits in 'inspect wait')."));
        spec.addOption(valued("--pxe-filter-interval", "SECONDS", int.class, "How often the DHCP hosts directory and"
                + " discovery are reconciled with the nodes; state changes also sync at once (default:"
                + " ${DEFAULT-VALUE}).").defaultValue("15").build());
        spec.addOption(valued("--discovery-kernel", "URL|PATH", String.class, "The kernel unknown machines boot for"
                + " inspection, a URL or a path under --boot-files (default: ${DEFAULT-VALUE}).")
                .defaultValue(PxeFilterSettings.DEFAULT_KERNEL).build());
        spec.addOption(valued("--discovery-ramdisk", "URL|PATH", String.class, "The initramfs unknown machines boot for"
                + " inspection, a URL or a path under --boot-files (default: ${DEFAULT-VALUE}).")
                .defaultValue(PxeFilterSettings.DEFAULT_RAMDISK).build());
        spec.addOption(valued("--dnsmasq-pid-file", "PATH", Path.class, "dnsmasq's pid-file: the conductor sends it"
                + " SIGHUP after deleting the hosts files of removed ports (default: none, and dnsmasq keeps their last"
                + " record until it restarts).").build());
        spec.addOption(valued("--secrets-key-file", "FILE", Path.class, "Encrypt driver_info secrets (passwords, keys,"
                + " tokens) at rest with this key: 32 random bytes, raw or base64, readable by the conductor only (e.g."
                + " head -c 32 /dev/urandom | base64 > FILE; chmod 600 FILE). Default: stored in clear.").build());
        spec.addOption(repeatable("--secrets-old-key-file", "FILE", Path.class, "A previous --secrets-key-file, still"
                + " read while values are re-encrypted with the current one (on each node's next write, or all at once"
                + " with --rotate-secrets); repeatable."));
        spec.addOption(flag("--rotate-secrets", "At start, re-encrypt every node's driver_info secrets with"
                + " --secrets-key-file (values in clear or under an old key), then serve as usual."));
        spec.addOption(OptionSpec.builder("--file-image-dir").paramLabel("DIR").type(List.class)
                .auxiliaryTypes(String.class)
                .initialValue(new ArrayList<>(List.of(ImageSourcePolicy.DEFAULT_FILE_DIRECTORY.toString())))
                .description("A directory file:// image sources may name files under (Ironic's"
                        + " [conductor]file_url_allowed_paths); repeatable; an empty value allows none (default:"
                        + " /var/lib/ironic).").build());
    }

    /** This command's model, to run or parse with a {@link picocli.CommandLine}. */
    public CommandSpec spec() {
        return spec;
    }

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
                settings.host() + ":" + server.port(), url);
        spec.commandLine().getOut().flush();
        stopped.await();
        return 0;
    }

    /** The settings a command line gives, parsed without running a conductor (the cache training run, tests). */
    static ConductorSettings settingsFrom(String... args) {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec).parseArgs(args);
        return command.settings();
    }

    /** The settings the options give; a {@link ParameterException} says which option is wrong. */
    ConductorSettings settings() {
        ApiAuth auth = auth();
        String host = value(spec, "--host");
        int port = intValue(spec, "--port");
        Map<String, Integer> cleanStepPriorities = value(spec, "--clean-step-priority");
        int heartbeatSeconds = intValue(spec, "--heartbeat-interval");
        Optional<Path> agentCaFile = optional(spec, "--agent-ca-file");
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
        for (String parameter : CommandOptions.<List<String>>value(spec, "--kernel-param")) {
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
        URI url = CommandOptions.<URI>optional(spec, "--public-url")
                .orElse(URI.create((tls.isPresent() ? "https" : "http") + "://" + host + ":" + port));
        // Relative paths (the defaults are) mean the directory the conductor was started in.
        Path data = CommandOptions.<Path>value(spec, "--data-dir").toAbsolutePath().normalize();
        Path boot = CommandOptions.<Path>optional(spec, "--boot-files").orElse(data.resolve("boot")).toAbsolutePath()
                .normalize();
        return new ConductorSettings(host, port, url, data, optional(spec, "--database-url"), auth, boot,
                !isSet(spec, "--no-automated-clean"), CommandOptions.<String>optional(spec, "--name")
                .orElseGet(ConductorCommand::hostName), Duration.ofSeconds(heartbeatSeconds),
                Duration.ofSeconds(30), cleanStepPriorities,
                CommandOptions.<Path>optional(spec, "--dhcp-hosts-dir").map(d -> d.toAbsolutePath().normalize()),
                parameters,
                agentCaFile, inspection.settings(), pxeFilterSettings(), tls, secretsSettings(), imageSources(),
                serverTls.plainBootPort(port), clusterSettings(), timeline.settings());
    }

    private ClusterSettings clusterSettings() {
        int heartbeatSeconds = intValue(spec, "--heartbeat-interval");
        // Whole seconds multiplied as longs: Duration.multipliedBy goes through BigDecimal, whose class initialisation
        // was a few percent of every start.
        Duration timeout = Duration.ofSeconds(CommandOptions.<Integer>optional(spec, "--conductor-heartbeat-timeout")
                .map(Integer::longValue).orElse((long) heartbeatSeconds * ClusterSettings.MISSED_HEARTBEATS_FOR_DEAD));
        if (timeout.toSeconds() < 2L * heartbeatSeconds) {
            throw new ParameterException(spec.commandLine(), "--conductor-heartbeat-timeout must be at least twice"
                    + " --heartbeat-interval (" + heartbeatSeconds + " s), or a live conductor counts as dead between"
                    + " two heartbeats; got " + timeout.toSeconds());
        }
        return new ClusterSettings(CommandOptions.<String>value(spec, "--conductor-group").strip(), timeout);
    }

    private SecretsSettings secretsSettings() {
        Optional<Path> secretsKeyFile = optional(spec, "--secrets-key-file");
        List<Path> secretsOldKeyFiles = value(spec, "--secrets-old-key-file");
        boolean rotateSecrets = isSet(spec, "--rotate-secrets");
        if (secretsKeyFile.isEmpty() && (!secretsOldKeyFiles.isEmpty() || rotateSecrets)) {
            throw new ParameterException(spec.commandLine(), "--secrets-old-key-file and --rotate-secrets need"
                    + " --secrets-key-file: the key values are re-encrypted with");
        }
        return new SecretsSettings(secretsKeyFile.map(f -> f.toAbsolutePath().normalize()),
                secretsOldKeyFiles.stream().map(f -> f.toAbsolutePath().normalize()).toList(), rotateSecrets);
    }

    private ImageSourcePolicy imageSources() {
        List<Path> dirs = new ArrayList<>();
        for (String dir : CommandOptions.<List<String>>value(spec, "--file-image-dir")) {
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
        int pxeFilterSeconds = intValue(spec, "--pxe-filter-interval");
        String discoveryKernel = value(spec, "--discovery-kernel");
        String discoveryRamdisk = value(spec, "--discovery-ramdisk");
        Optional<Path> dnsmasqPidFile = optional(spec, "--dnsmasq-pid-file");
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
        if (dnsmasqPidFile.isPresent() && optional(spec, "--dhcp-hosts-dir").isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--dnsmasq-pid-file needs --dhcp-hosts-dir: dnsmasq is"
                    + " only signalled about the hosts directory the conductor keeps");
        }
        return new PxeFilterSettings(isSet(spec, "--discovery"), Duration.ofSeconds(pxeFilterSeconds), discoveryKernel,
                discoveryRamdisk, dnsmasqPidFile);
    }

    private ApiAuth auth() {
        boolean noauth = isSet(spec, "--noauth");
        List<String> tokens = value(spec, "--auth-token");
        Optional<Path> htpasswdFile = optional(spec, "--auth-htpasswd");
        Optional<Path> rolesFile = optional(spec, "--auth-roles");
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
