package dev.ferrum.pxe.dhcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.pxe.PxeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PidFileSignallerTest {
    @TempDir
    Path temp;

    @Test
    void sendsSighupToTheProcessNamedInThePidFile() throws Exception {
        Path marker = temp.resolve("hangups");
        Path ready = temp.resolve("trap-installed");
        // A stand-in for dnsmasq that records each SIGHUP instead of re-reading a hosts directory; it says when its
        // trap is in place, since a SIGHUP before that would kill it (a loaded machine may take long to get there).
        Process stand = new ProcessBuilder("sh", "-c",
                "trap 'echo hup >> \"$0\"' HUP; : > \"$1\"; while :; do sleep 0.1; done",
                marker.toString(), ready.toString()).start();
        try {
            Path pidFile = temp.resolve("dnsmasq.pid");
            Files.writeString(pidFile, stand.pid() + "\n");
            awaitFile(ready, "");

            new PidFileSignaller(pidFile).hangUp();

            awaitFile(marker, "hup");
            assertThat(marker).hasContent("hup");
            assertThat(stand.isAlive()).as("SIGHUP is handled, not fatal").isTrue();
        } finally {
            stand.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void saysWhatIsWrongWithAMissingOrBadPidFileOrAStoppedProcess() throws Exception {
        assertThatThrownBy(() -> new PidFileSignaller(temp.resolve("absent.pid")).hangUp())
                .isInstanceOf(PxeException.class).hasMessageContaining("absent.pid");
        Path garbage = Files.writeString(temp.resolve("garbage.pid"), "dnsmasq\n");
        assertThatThrownBy(() -> new PidFileSignaller(garbage).hangUp())
                .isInstanceOf(PxeException.class).hasMessageContaining("not a PID");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(5, TimeUnit.SECONDS);
        Path stale = Files.writeString(temp.resolve("stale.pid"), Long.toString(gone.pid()));
        assertThatThrownBy(() -> new PidFileSignaller(stale).hangUp())
                .isInstanceOf(PxeException.class).hasMessageContaining("not running");
    }

    /** Waits up to 10 s for {@code file} to exist and contain {@code text}. */
    private static void awaitFile(Path file, String text) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!(Files.exists(file) && Files.readString(file).contains(text)) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }
}
