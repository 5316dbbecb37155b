package dev.ferrum.imagebuilder.command;

/**
 * Runs external programs (jdeps, jlink, strip, java, apt-get, dpkg-deb, zstd, xz, busybox). All
 * shelling out goes through this so tests substitute {@link FakeCommandRunner}.
 */
public interface CommandRunner {

    /**
     * Runs the command to completion. A non-zero exit is part of the result, not an exception.
     *
     * @throws dev.ferrum.imagebuilder.ImageBuildException when the program cannot be started or
     *     overruns its timeout
     */
    CommandResult run(Command command);

    /** True when {@code program} (a name or a path) can be run here. */
    boolean isAvailable(String program);
}
