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
        // A stand-in for dnsmasq that records each SIGHUP instead of re-reading a hosts directory.
        Process stand = new ProcessBuilder("sh", "-c", "trap 'echo hup >> \"$0\"' HUP; while :; do sleep 0.1; done",
                marker.toString()).start();
        try {
            Path pidFile = temp.resolve("dnsmasq.pid");
            Files.writeString(pidFile, stand.pid() + "\n");
            // Let the shell install its trap before it is signalled.
            Thread.sleep(300);

            new PidFileSignaller(pidFile).hangUp();

            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!(Files.exists(marker) && Files.readString(marker).contains("hup")) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
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
}
