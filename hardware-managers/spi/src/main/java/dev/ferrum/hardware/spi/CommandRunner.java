package dev.ferrum.hardware.spi;

import java.time.Duration;
import java.util.List;

/**
 * Runs an external program (ipmitool, nvme, hdparm, …). All shelling out goes through this so
 * tests substitute {@link FakeCommandRunner} and parsers see fixture output.
 */
public interface CommandRunner {

    /**
     * Runs {@code argv} to completion or until {@code timeout}.
     *
     * @throws CommandException when the program cannot be started or overruns its timeout; a
     *     non-zero exit is not an exception but part of the result
     */
    CommandResult run(List<String> argv, Duration timeout);

    /** True when {@code program} can be run here (found on the search path). */
    boolean isAvailable(String program);
}
