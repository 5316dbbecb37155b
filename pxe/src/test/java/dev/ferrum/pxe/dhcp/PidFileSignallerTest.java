package dev.ferrum.pxe.dhcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.testing.HangupStandIn;
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
        Process stand = HangupStandIn.start(marker);
        try {
            Path pidFile = temp.resolve("dnsmasq.pid");
            Files.writeString(pidFile, stand.pid() + "\n");

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
