package dev.ferrum.sandbox.machine;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

/**
 * The programs a simulated machine has: only {@code sync}, done in Java by forcing the machine's
 * disk file to storage. Everything else is "not installed", so the agent's managers skip what
 * needs a tool (wipefs, ipmitool, nvme, log collectors…) and use their pure-Java paths: a sandbox
 * never runs a program against the host it runs on.
 */
public final class MachinePrograms implements CommandRunner {
    private final Path disk;

    public MachinePrograms(Path disk) {
        this.disk = disk;
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        if (argv.equals(List.of("sync"))) {
            try (FileChannel channel = FileChannel.open(disk, StandardOpenOption.WRITE)) {
                channel.force(true);
                return new CommandResult(0, "", "");
            } catch (IOException e) {
                return new CommandResult(1, "", "sync: " + e.getMessage());
            }
        }
        throw new CommandException(argv, "a simulated machine has no such program (it only has sync)", null);
    }

    @Override
    public boolean isAvailable(String program) {
        return program.equals("sync");
    }
}
