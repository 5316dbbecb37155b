package dev.ferrum.pxe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whole-text golden files under {@code src/test/resources/golden/}. To regenerate them after an
 * intended change, run {@code ./mvnw -B -ntp -pl pxe verify -Dferrum.golden.update=true}, then
 * review the diff with git before committing; the surefire configuration passes the source
 * directory as {@code ferrum.golden.dir}. Without that flag the tests only compare.
 */
public final class GoldenFiles {
    private GoldenFiles() {
    }

    public static void assertMatches(String name, String actual) {
        if (Boolean.getBoolean("ferrum.golden.update")) {
            String dir = System.getProperty("ferrum.golden.dir");
            if (dir == null) {
                throw new IllegalStateException("ferrum.golden.update needs ferrum.golden.dir (set by the pxe pom)");
            }
            try {
                Path file = Path.of(dir, name);
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        assertThat(actual).as("golden file golden/%s (regenerate with -Dferrum.golden.update=true)", name)
                .isEqualTo(read(name));
    }

    private static String read(String name) {
        try (InputStream in = GoldenFiles.class.getResourceAsStream("/golden/" + name)) {
            if (in == null) {
                throw new AssertionError("no golden file golden/" + name
                        + "; create it with -Dferrum.golden.update=true and review it");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
