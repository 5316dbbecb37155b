package dev.ferrum.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A stand-in for dnsmasq in tests of SIGHUP delivery: a shell that appends {@code hup} to a file for every
 * SIGHUP it gets, started and returned only once its trap is in place (a SIGHUP before that would kill it,
 * and a loaded machine may take a while to get there).
 */
public final class HangupStandIn {
    private HangupStandIn() {
    }

    /**
     * Starts the stand-in recording into {@code hangUps}; its ready marker goes beside that file.
     *
     * @throws AssertionError when the trap cannot work: the test JVM ignores SIGHUP (started under
     *     {@code nohup}, say), and a shell cannot trap a signal ignored when it started
     */
    public static Process start(Path hangUps) throws IOException, InterruptedException {
        ignoredHangUp().ifPresent(why -> {
            throw new AssertionError(why);
        });
        Path ready = hangUps.resolveSibling(hangUps.getFileName() + ".trap-installed");
        Process shell = new ProcessBuilder("sh", "-c",
                "trap 'echo hup >> \"$0\"' HUP; echo ready > \"$1\"; while :; do sleep 0.1; done",
                hangUps.toString(), ready.toString()).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!Files.exists(ready) || Files.size(ready) == 0) {
            if (System.nanoTime() > deadline || !shell.isAlive()) {
                shell.destroyForcibly();
                throw new AssertionError("the SIGHUP stand-in did not install its trap within 30 s");
            }
            Thread.sleep(20);
        }
        return shell;
    }

    /** Why this JVM's children cannot trap SIGHUP, read from the kernel's ignored-signal mask; empty when they can. */
    static Optional<String> ignoredHangUp() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return Optional.empty();
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:") && (Long.parseLong(line.substring(7).strip(), 16) & 1L) != 0) {
                return Optional.of("this JVM ignores SIGHUP (was the build started under nohup?), so no shell it"
                        + " starts can trap it; run the tests without nohup");
            }
        }
        return Optional.empty();
    }
}
