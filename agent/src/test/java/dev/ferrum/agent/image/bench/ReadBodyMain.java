package dev.ferrum.agent.image.bench;

import dev.ferrum.agent.image.source.ByteRange;
import dev.ferrum.agent.image.source.HelidonImageSource;
import dev.ferrum.agent.image.source.HttpSourceConfig;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.PlainHttpImageSource;
import dev.ferrum.agent.image.source.SourceResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

/**
 * The HTTP body read path alone, for the benchmark: one GET through an image source, every byte read
 * into one reused 256 KiB array (the read-ahead buffer size) and dropped; no digest, no disk. Prints
 * {@code bytes=N read_ns=N}.
 *
 * <pre>
 * java -cp CP dev.ferrum.agent.image.bench.ReadBodyMain --url URL [--client agent|helidon]
 * </pre>
 */
public final class ReadBodyMain {
    private ReadBodyMain() {
    }

    public static void main(String[] args) throws IOException {
        var opts = WriteImageMain.options(args);
        URI url = URI.create(WriteImageMain.require(opts, "url"));
        ImageSource source = switch (opts.getOrDefault("client", "agent")) {
            case "agent" -> PlainHttpImageSource.withHelidonForTls(HttpSourceConfig.defaults());
            case "helidon" -> new HelidonImageSource(HttpSourceConfig.defaults());
            default -> throw new IllegalArgumentException("--client takes agent or helidon");
        };
        byte[] buffer = new byte[256 * 1024];
        long start = System.nanoTime();
        long total = 0;
        try (SourceResponse r = source.open(url, ByteRange.all())) {
            if (r.status() != 200) {
                throw new IOException("HTTP " + r.status() + " from " + url);
            }
            InputStream body = r.body();
            for (int n; (n = body.read(buffer, 0, buffer.length)) >= 0; ) {
                total += n;
            }
        }
        System.out.println("bytes=" + total + " read_ns=" + (System.nanoTime() - start));
        // Helidon's client may keep non-daemon threads; the figures are printed, so end the JVM here.
        System.exit(0);
    }
}
