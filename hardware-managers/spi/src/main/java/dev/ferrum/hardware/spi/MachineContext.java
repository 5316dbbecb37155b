package dev.ferrum.hardware.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a manager reads the machine from: a file-system root under which {@code sys}, {@code proc},
 * {@code dev} and {@code etc} are found ({@code /} on a real machine, a fixture tree in tests), and
 * the runner every external command goes through.
 */
public record MachineContext(Path root, CommandRunner commands) {

    public MachineContext {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(commands, "commands");
    }

    /** The running machine: the real root and real processes. */
    public static MachineContext live() {
        return new MachineContext(Path.of("/"), new ProcessCommandRunner());
    }

    /** True when this context reads the real machine rather than a relocated tree. */
    public boolean isLive() {
        return root.toAbsolutePath().normalize().equals(Path.of("/"));
    }

    public Path sys() {
        return root.resolve("sys");
    }

    public Path proc() {
        return root.resolve("proc");
    }

    public Path dev() {
        return root.resolve("dev");
    }

    public Path etc() {
        return root.resolve("etc");
    }
}
