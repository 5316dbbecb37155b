package dev.ferrum.conductor.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Captured Ironic traffic (copied from shared/wire-samples into the test resources), by file name. */
final class WireSamples {
    private WireSamples() {
    }

    static String text(String file) {
        try (InputStream in = WireSamples.class.getResourceAsStream("/wire-samples/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no wire sample " + file + " in the test resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> lines(String file) {
        return text(file).lines().toList();
    }
}
