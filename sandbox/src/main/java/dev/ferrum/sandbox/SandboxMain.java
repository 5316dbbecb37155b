package dev.ferrum.sandbox;

import dev.ferrum.sandbox.flow.FleetProvisioner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.FileHandler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ferrum-sandbox}: starts a sandbox, provisions every machine with a progress display, then
 * serves the API until Ctrl-C (or exits with {@code --exit-when-done}). The only place that reads
 * flags and sets up logging (to {@code <data-dir>/sandbox.log}, keeping the terminal for progress).
 */
@Command(name = "ferrum-sandbox", mixinStandardHelpOptions = true,
        description = "Run a conductor with simulated machines, and enroll, inspect, clean and deploy them all.")
public final class SandboxMain implements Callable<Integer> {

    @Option(names = "--machines", defaultValue = "3", paramLabel = "N",
            description = "How many simulated machines (1-50; default: ${DEFAULT-VALUE}).")
    int machines;

    @Option(names = "--port", defaultValue = "6385",
            description = "The conductor API's port on 127.0.0.1 (0 picks a free one; default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where the store, machine roots and sparse disks go (default: a new temporary directory).")
    Path dataDir;

    @Option(names = "--keep", description = "Keep the data directory on exit (it is kept anyway when a machine fails).")
    boolean keep;

    @Option(names = "--exit-when-done",
            description = "Stop once every machine is deployed or failed; exit 0 only when all are active.")
    boolean exitWhenDone;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SandboxMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        Path data = dataDir != null ? dataDir.toAbsolutePath()
                : Path.of(System.getProperty("java.io.tmpdir"), "ferrum-sandbox-" + ProcessHandle.current().pid());
        SandboxSettings settings;
        try {
            settings = new SandboxSettings(machines, port, data, SampleImage.DEFAULT_BYTES);
        } catch (IllegalArgumentException e) {
            System.err.println("ferrum-sandbox: " + e.getMessage());
            return 2;
        }
        // An operator's existing directory is kept (only what the sandbox put in it goes); one it made goes whole.
        boolean ownDirectory = !Files.exists(data);
        try {
            Files.createDirectories(data);
        } catch (IOException e) {
            System.err.println("ferrum-sandbox: cannot create the data directory " + data + ": " + e);
            return 1;
        }
        logTo(data.resolve("sandbox.log"));
        out.printf("Ferrum sandbox: starting the conductor and %d simulated machine(s) in %s%n", machines, data);
        // Registered before anything starts, so Ctrl-C during start-up or provisioning also cleans up.
        AtomicReference<Sandbox> running = new AtomicReference<>();
        AtomicBoolean keepData = new AtomicBoolean(keep);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Sandbox started = running.get();
            if (started != null) {
                started.close();
            }
            deleteUnlessKept(data, keepData.get(), ownDirectory);
            stopped.countDown();
        }, "sandbox-shutdown"));
        Sandbox sandbox;
        try {
            sandbox = Sandbox.start(settings);
            running.set(sandbox);
        } catch (SandboxException e) {
            System.err.println("ferrum-sandbox: " + e.getMessage());
            // Never clean up an operator's directory here: the failure may be that it holds an earlier sandbox.
            keepData.set(keep || !ownDirectory);
            return 1;
        }
        out.printf("Conductor API at %s (web console: %s); enrolling, inspecting, cleaning and deploying %s"
                + " (image %s, sha256 %s…)%n", sandbox.api(), Instructions.consoleUrl(sandbox.api()), machines == 1 ? "1 machine" : machines + " machines", Sandbox.IMAGE,
                sandbox.image().sha256().substring(0, 12));
        boolean interactive = System.console() != null && !"dumb".equals(System.getenv("TERM"));
        List<FleetProvisioner.Outcome> outcomes = sandbox.provision(out, interactive);
        boolean allActive = outcomes.stream().allMatch(FleetProvisioner.Outcome::succeeded);
        // A failed machine's story is in the log and the store: keep them for the operator.
        keepData.set(keep || !allActive);
        out.print(Instructions.text(sandbox.api(), outcomes, data, keepData.get(), sandbox.deployment()));
        if (exitWhenDone) {
            out.flush();
            return allActive ? 0 : 1;
        }
        out.println("Serving until Ctrl-C (stops the agents, the BMC, the image server and the conductor).");
        out.flush();
        stopped.await();
        return 0;
    }

    private static void deleteUnlessKept(Path data, boolean kept, boolean ownDirectory) {
        if (!kept) {
            try {
                if (ownDirectory) {
                    Sandbox.deleteTree(data);
                } else {
                    for (String entry : List.of("conductor", "machines", "sandbox.log", "sandbox.log.lck")) {
                        Sandbox.deleteTree(data.resolve(entry));
                    }
                }
            } catch (RuntimeException e) {
                System.err.println("ferrum-sandbox: " + e.getMessage());
            }
        }
    }

    /** Sends every component's log (conductor, agents, Helidon) to {@code file} instead of the terminal. */
    private static void logTo(Path file) throws IOException {
        LogManager.getLogManager().reset();
        FileHandler handler = new FileHandler(file.toString(), true);
        handler.setFormatter(new SimpleFormatter());
        Logger root = Logger.getLogger("");
        root.setLevel(Level.INFO);
        root.addHandler(handler);
    }
}
