package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.support.process.ProcessFailure;
import dev.ferrum.support.process.ProcessOutcome;
import dev.ferrum.support.process.ProcessRunner;
import dev.ferrum.support.process.ProcessSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Sends SIGHUP to the dnsmasq whose PID is in {@code pidFile} (its {@code pid-file} option), read anew
 * each time because dnsmasq may have been restarted. Through the shell's {@code kill}: the JDK can only send
 * SIGTERM and SIGKILL to other processes.
 */
public final class PidFileSignaller implements ProcessSignaller {
    private final Path pidFile;
    private final ProcessRunner processes = new ProcessRunner();

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
        // The shell's built-in kill: /bin/kill comes with procps, which minimal Debian images lack.
        ProcessSpec kill = ProcessSpec.of(List.of("sh", "-c", "kill -HUP \"$1\"", "sh", Long.toString(pid)),
                Duration.ofSeconds(5));
        ProcessOutcome outcome;
        try {
            outcome = processes.run(kill);
        } catch (ProcessFailure e) {
            throw switch (e.kind()) {
                case CANNOT_START, OUTPUT_UNREADABLE -> new PxeException("cannot run kill -HUP " + pid + ": "
                        + e.detail(), e.getCause());
                case TIMED_OUT -> new PxeException("kill -HUP " + pid + " did not return within 5 s");
                case INTERRUPTED -> new PxeException("interrupted signalling dnsmasq (PID " + pid + ")", e.getCause());
            };
        }
        if (outcome.exitCode() != 0) {
            String output = (outcome.stdout() + outcome.stderr()).strip();
            throw new PxeException("kill -HUP " + pid + " (dnsmasq from " + pidFile + ") failed with "
                    + outcome.exitCode() + ": " + output + "; the conductor must run as dnsmasq's user or root");
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
