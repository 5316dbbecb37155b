package dev.ferrum.integration.machine;

import dev.ferrum.agent.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ferrum's agent as it runs in the ramdisk ({@code ferrum-agent run}) in its own JVM, reading the
 * kernel command line and the machine from a fixture root, talking to Ironic on loopback only.
 */
public final class AgentProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private AgentProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts the agent on {@code machine}, pointed at the Ironic API at {@code apiUrl}; logs to {@code log}. */
    public static AgentProcess start(FixtureMachine machine, String apiUrl, Path log) {
        return start(machine, apiUrl, log, "");
    }

    /** As {@link #start(FixtureMachine, String, Path)}, with more kernel parameters (e.g. an inspection callback). */
    public static AgentProcess start(FixtureMachine machine, String apiUrl, Path log, String extraParameters) {
        return start(machine, apiUrl, log, extraParameters, System.getProperty("java.class.path"));
    }

    /** As above, the agent's JVM on {@code classPath} (a bench puts an earlier commit's agent classes first). */
    public static AgentProcess start(FixtureMachine machine, String apiUrl, Path log, String extraParameters,
            String classPath) {
        try {
            // Listen and advertise on loopback so Ironic calls the agent back without leaving the host.
            Path cmdline = Files.writeString(machine.root().resolve("cmdline"), "ipa-api-url=" + apiUrl
                    + " ipa-listen-host=127.0.0.1 ipa-listen-port=0 ipa-advertise-host=127.0.0.1 quiet "
                    + extraParameters + "\n");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process process = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp", classPath,
                    Main.class.getName(), "run", "--root", machine.root().toString(), "--cmdline", cmdline.toString(),
                    // The fixture machine's disk is a sparse file: let it stand in for a block device.
                    "--file-disks"))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new AgentProcess(process, log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the agent", e);
        }
    }

    /** The agent's output so far, for assertion messages. */
    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(agent log unreadable: " + e + ")";
        }
    }

    /** Stops the agent, as powering the machine off would. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
