package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Sends SIGHUP to the dnsmasq whose PID is in {@code pidFile} (its {@code pid-file} option), read anew
 * each time because dnsmasq may have been restarted. Through the shell's {@code kill}: the JDK can only send
 * SIGTERM and SIGKILL to other processes.
 */
public final class PidFileSignaller implements ProcessSignaller {
    private final Path pidFile;

    public PidFileSignaller(Path pidFile) {
        this.pidFile = pidFile;
    }

    @Override
    public void hangUp() {
        long pid = pid();
        if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
            throw new PxeException("dnsmasq (PID " + pid + " from " + pidFile + ") is not running; start it, or it"
                    + " keeps records of deleted hosts files until it restarts");
        }
        try {
            // The shell's built-in kill: /bin/kill comes with procps, which minimal Debian images lack.
            Process kill = new ProcessBuilder("sh", "-c", "kill -HUP \"$1\"", "sh", Long.toString(pid))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(5, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new PxeException("kill -HUP " + pid + " did not return within 5 s");
            }
            String output = new String(kill.getInputStream().readAllBytes()).strip();
            if (kill.exitValue() != 0) {
                throw new PxeException("kill -HUP " + pid + " (dnsmasq from " + pidFile + ") failed with "
                        + kill.exitValue() + ": " + output + "; the conductor must run as dnsmasq's user or root");
            }
        } catch (IOException e) {
            throw new PxeException("cannot run kill -HUP " + pid + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PxeException("interrupted signalling dnsmasq (PID " + pid + ")", e);
        }
    }

    private long pid() {
        String text;
        try {
            text = Files.readString(pidFile).strip();
        } catch (IOException e) {
            throw new PxeException("cannot read dnsmasq's PID file " + pidFile + ": " + e.getMessage(), e);
        }
        try {
            long pid = Long.parseLong(text);
            if (pid < 2) {
                throw new NumberFormatException("not a process of its own");
            }
            return pid;
        } catch (NumberFormatException e) {
            throw new PxeException("dnsmasq's PID file " + pidFile + " holds '" + text + "', not a PID", e);
        }
    }
}
