package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.command.Command;
import dev.ferrum.conductor.driver.command.CommandResult;
import dev.ferrum.conductor.driver.command.CommandRunner;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * Runs ipmitool against one BMC the way BMCs tolerate: {@code -I lanplus -C <suite> -H -p -U -E}
 * with the password in {@code IPMI_PASSWORD} (never on the command line, where {@code ps} shows
 * it), at most {@code maxConcurrent} calls at once across all BMCs, calls to one BMC serialised
 * and spaced by {@code minInterval}, and transient failures retried with doubling backoff.
 */
public final class IpmiTool {
    private static final System.Logger LOG = System.getLogger(IpmiTool.class.getName());
    // ipmitool's wording for failures that pass once the BMC has caught its breath.
    private static final List<String> TRANSIENT = List.of("unable to establish ipmi v2", "insufficient resources",
            "node busy", "timeout", "out of space", "bmc initialization in progress", "unable to establish lan session");

    private final IpmiConfig config;
    private final CommandRunner runner;
    private final Semaphore concurrent;
    private final Map<String, Bmc> bmcs = new ConcurrentHashMap<>();

    public IpmiTool(IpmiConfig config, CommandRunner runner) {
        this.config = config;
        this.runner = runner;
        this.concurrent = new Semaphore(config.maxConcurrent(), true);
    }

    /** Runs {@code ipmitool <connection> <args>} and returns its standard output. */
    public String run(IpmiTarget target, List<String> args) {
        Command command = new Command(argv(target, args), Map.of("IPMI_PASSWORD", target.password()),
                config.commandTimeout());
        Duration backoff = config.initialBackoff();
        CommandResult result = null;
        for (int attempt = 1; attempt <= config.attempts(); attempt++) {
            result = once(target, command);
            if (result.succeeded()) {
                return result.stdout();
            }
            if (!isTransient(result.stderr()) || attempt == config.attempts()) {
                break;
            }
            LOG.log(Level.DEBUG,
                    "ipmitool " + String.join(" ", args) + " on " + target.endpoint() + " failed transiently (attempt "
                    + attempt + "), retrying in " + backoff);
            sleep(backoff);
            backoff = backoff.multipliedBy(2);
        }
        throw failure(target, args, result);
    }

    /** The whole command line; holds no secret. */
    List<String> argv(IpmiTarget target, List<String> args) {
        List<String> argv = new ArrayList<>(List.of(config.program(), "-I", "lanplus", "-C",
                Integer.toString(target.cipherSuite()), "-H", target.address(), "-p", Integer.toString(target.port())));
        target.username().ifPresent(user -> argv.addAll(List.of("-U", user)));
        argv.add("-E");
        argv.addAll(args);
        return argv;
    }

    private CommandResult once(IpmiTarget target, Command command) {
        Bmc bmc = bmcs.computeIfAbsent(target.endpoint(), key -> new Bmc());
        // A lock, not a monitor: a virtual thread sleeping here must not pin its carrier (JDK 21).
        bmc.lock.lock();
        try {
            long wait = bmc.lastCallNanos + config.minInterval().toNanos() - System.nanoTime();
            if (bmc.lastCallNanos != 0 && wait > 0) {
                sleep(Duration.ofNanos(wait));
            }
            try {
                concurrent.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while waiting to call BMC " + target.endpoint(), e);
            }
            try {
                return runner.run(command);
            } finally {
                concurrent.release();
                bmc.lastCallNanos = System.nanoTime();
            }
        } finally {
            bmc.lock.unlock();
        }
    }

    private static boolean isTransient(String stderr) {
        String lower = stderr.toLowerCase(Locale.ROOT);
        return TRANSIENT.stream().anyMatch(lower::contains);
    }

    private DriverException failure(IpmiTarget target, List<String> args, CommandResult result) {
        // ipmitool never echoes the password, but a message is no place to find out that it once did.
        String raw = target.password().isEmpty() ? result.stderr() : result.stderr().replace(target.password(), "***");
        String stderr = IpmiOutput.abbreviate(raw);
        String what = "ipmitool " + String.join(" ", args) + " on BMC " + target.endpoint();
        if (stderr.toLowerCase(Locale.ROOT).contains("unable to establish")) {
            return new DriverException("BMC " + target.endpoint() + " did not open an IPMI session for user "
                    + target.userForMessages() + " after " + config.attempts() + " attempt(s): it refused the credentials or "
                    + "is unreachable; check driver_info.ipmi_username/ipmi_password, ipmi_address/ipmi_port and that "
                    + "IPMI over LAN is enabled (" + stderr + ")");
        }
        return new DriverException(what + " failed with exit code " + result.exitCode() + ": " + stderr);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting between BMC calls", e);
        }
    }

    /** Per-BMC pacing state, guarded by its lock. */
    private static final class Bmc {
        private final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
        private long lastCallNanos;
    }
}
