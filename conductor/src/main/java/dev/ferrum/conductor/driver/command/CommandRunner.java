package dev.ferrum.conductor.driver.command;

/**
 * Runs external programs for the drivers (ipmitool); injected so tests can give canned output.
 * A program that cannot be started or outlives its timeout is a DriverException; a non-zero exit
 * is a result.
 */
public interface CommandRunner {

    CommandResult run(Command command);
}
