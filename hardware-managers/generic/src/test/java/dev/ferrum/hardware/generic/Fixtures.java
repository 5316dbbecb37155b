package dev.ferrum.hardware.generic;

import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The fixture machines under {@code src/test/resources/fixtures}, read in place (Surefire runs in
 * the module's directory; Maven does not copy them because of their sysfs-style link loops).
 */
public final class Fixtures {
    private static final Path ROOT = Path.of("src/test/resources/fixtures").toAbsolutePath();

    private Fixtures() {
    }

    public static Path root(String name) {
        Path root = ROOT.resolve(name);
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("no fixture " + root + "; run the tests from the module directory");
        }
        return root;
    }

    /** A fixture machine whose commands all fail as unscripted. */
    public static MachineContext machine(String name) {
        return machine(name, new FakeCommandRunner());
    }

    public static MachineContext machine(String name, CommandRunner commands) {
        return new MachineContext(root(name), commands);
    }

    /** A fixture file's text, e.g. {@code ipmitool/lan-print-configured.txt}. */
    public static String text(String relative) {
        try {
            return Files.readString(ROOT.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
