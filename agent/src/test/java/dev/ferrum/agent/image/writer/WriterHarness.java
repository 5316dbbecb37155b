package dev.ferrum.agent.image.writer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ImageInfoParser;
import dev.ferrum.agent.image.ImageRequest;
import dev.ferrum.agent.image.ProgressTracker;
import dev.ferrum.agent.image.source.PlainHttpImageSource;
import dev.ferrum.agent.image.source.HttpSourceConfig;
import dev.ferrum.agent.image.source.RetryPolicy;
import dev.ferrum.agent.image.testing.FakeClock;
import dev.ferrum.agent.image.testing.FixtureHttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The writer wired as in production (Helidon WebClient to a real loopback server) with a fake clock
 * and a sleeper that records instead of sleeping.
 */
final class WriterHarness implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    final FixtureHttpServer server;
    final FakeClock clock = new FakeClock();
    final List<Duration> sleeps = new CopyOnWriteArrayList<>();
    ImageWriterConfig config = ImageWriterConfig.defaults()
            .withRetry(new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(8)));
    ChecksumPolicy parsePolicy = ChecksumPolicy.strict();
    ProgressTracker progress;

    WriterHarness() {
        try {
            server = new FixtureHttpServer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    ImageWriter writer() {
        return new ImageWriter(config, PlainHttpImageSource.withHelidonForTls(HttpSourceConfig.defaults()), clock,
                d -> sleeps.add(d));
    }

    /** image_info as Ironic sends it, with the given URLs (as served paths) and extra fields. */
    ObjectNode imageInfo(List<String> paths, String... fieldsAndValues) {
        ObjectNode info = JSON.createObjectNode();
        info.put("id", "test-image");
        var urls = info.putArray("urls");
        paths.forEach(p -> urls.add(server.url(p).toString()));
        info.put("disk_format", (String) null);
        info.put("container_format", "bare");
        info.put("stream_raw_images", true);
        info.put("node_uuid", "1be26c0b-03f2-4d2e-ae87-c02d7f33c123");
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            info.put(fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        return info;
    }

    ImageRequest request(ObjectNode info) {
        return new ImageInfoParser(parsePolicy).parse(info);
    }

    /** Writes to a fresh file target with the given zero handling. */
    WriteResult write(ObjectNode info, Path target, ZeroHandling zeros) {
        ImageWriter writer = writer();
        progress = writer.newProgress();
        return writer.write(request(info), new ImageTarget(target, zeros), progress);
    }

    static Path emptyFile(Path dir, String name) {
        try {
            return Files.createFile(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static URI uri(String s) {
        return URI.create(s);
    }

    @Override
    public void close() {
        server.close();
    }
}
