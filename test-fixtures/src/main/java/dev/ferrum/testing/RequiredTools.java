package dev.ferrum.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;

/**
 * Programs a test runs from the machine's packages: missing ones skip the test with a message saying what to
 * install, except under {@code CI=true}, where CI installs them and a missing one fails the test instead of
 * letting it pass unrun.
 */
public final class RequiredTools {
    private RequiredTools() {
    }

    /** Requires every program in {@code programs} on the PATH; {@code install} says how to get them. */
    public static void require(String install, String... programs) {
        boolean present = Arrays.stream(programs).allMatch(RequiredTools::onPath);
        String missing = String.join(" or ", programs) + " missing";
        if (!present && "true".equals(System.getenv("CI"))) {
            fail("CI must run this test: " + missing + "; " + install);
        }
        Assumptions.assumeTrue(present, missing + ": " + install + " to run this test");
    }

    /** Whether {@code program} is an executable file in one of the PATH's directories. */
    public static boolean onPath(String program) {
        for (String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, program))) {
                return true;
            }
        }
        return false;
    }
}
