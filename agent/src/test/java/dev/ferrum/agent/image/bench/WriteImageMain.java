package dev.ferrum.agent.image.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ImageInfoParser;
import dev.ferrum.agent.image.MonotonicClock;
import dev.ferrum.agent.image.source.HelidonImageSource;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.PlainHttpImageSource;
import dev.ferrum.agent.image.source.HttpSourceConfig;
import dev.ferrum.agent.image.writer.ImageTarget;
import dev.ferrum.agent.image.writer.ImageWriter;
import dev.ferrum.agent.image.writer.ImageWriterConfig;
import dev.ferrum.agent.image.writer.WriteResult;
import dev.ferrum.agent.time.Sleeper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One image write in a JVM of its own, for the peak-RSS test and the benchmark: the production
 * writer (the agent's image source, default config) writes one image to a regular file and prints one line of
 * {@code key=value} figures, among them the process's peak RSS ({@code VmHWM}) at the end.
 *
 * <pre>
 * java -cp CP dev.ferrum.agent.image.bench.WriteImageMain (--serve FILE | --url URL) --sha256 HEX
 *      --target FILE [--disk-format raw|qcow2] [--zeros skip|write] [--chunk BYTES] [--client agent|helidon]
 * </pre>
 * {@code --serve} starts a loopback file server in this JVM; {@code --url} uses a server elsewhere.
 * The target is created if missing; {@code --zeros skip} (default) treats it as a fresh sparse file.
 */
public final class WriteImageMain {
    private WriteImageMain() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> opts = options(args);
        Path target = Path.of(require(opts, "target"));
        if (!Files.exists(target)) {
            Files.createFile(target);
        }
        Optional<FileHttpServer> server = Optional.empty();
        try {
            URI url;
            if (opts.containsKey("serve")) {
                Path file = Path.of(opts.get("serve")).toAbsolutePath();
                server = Optional.of(new FileHttpServer(file.getParent()));
                url = server.get().url(file);
            } else {
                url = URI.create(require(opts, "url"));
            }
            ObjectNode info = new ObjectMapper().createObjectNode();
            info.put("id", "bench-image");
            info.putArray("urls").add(url.toString());
            info.put("os_hash_algo", "sha256");
            info.put("os_hash_value", require(opts, "sha256"));
            if (opts.containsKey("disk-format")) {
                info.put("disk_format", opts.get("disk-format"));
            }
            ImageWriterConfig d = ImageWriterConfig.defaults();
            ImageWriterConfig config = new ImageWriterConfig(Integer.parseInt(opts.getOrDefault("chunk", "" + d.chunkSize())),
                    d.retry(), ChecksumPolicy.strict(), d.formatMismatch(), d.wipeHeadOnFailure(), d.xzMemoryLimitMiB(),
                    d.rateWindow());
            // --client helidon reads http through Helidon too, as the agent did before PlainHttpImageSource.
            ImageSource source = switch (opts.getOrDefault("client", "agent")) {
                case "agent" -> PlainHttpImageSource.withHelidonForTls(HttpSourceConfig.defaults());
                case "helidon" -> new HelidonImageSource(HttpSourceConfig.defaults());
                default -> throw new IllegalArgumentException("--client takes agent or helidon");
            };
            ImageWriter writer = new ImageWriter(config, source, MonotonicClock.system(), Sleeper.system());
            ImageTarget where = switch (opts.getOrDefault("zeros", "skip")) {
                case "skip" -> ImageTarget.freshSparseFile(target);
                case "write" -> ImageTarget.disk(target);
                default -> throw new IllegalArgumentException("--zeros takes skip or write");
            };
            long start = System.nanoTime();
            WriteResult r = writer.write(new ImageInfoParser(ChecksumPolicy.strict()).parse(info), where, writer.newProgress());
            long nanos = System.nanoTime() - start;
            ProcStatus status = ProcStatus.self();
            System.out.println("format=" + r.format() + " image_bytes=" + r.imageSize() + " downloaded_bytes="
                    + r.bytesDownloaded() + " written_bytes=" + r.bytesWritten() + " write_ns=" + nanos
                    + " largest_buffer=" + r.memory().largestBuffer() + " buffer_bytes=" + r.memory().bufferBytes()
                    + " map_bytes=" + r.memory().mapBytes() + " vmhwm_kib=" + status.vmHwmKiB()
                    + " vmrss_kib=" + status.vmRssKiB());
        } finally {
            server.ifPresent(FileHttpServer::close);
        }
        // Helidon's client may keep non-daemon threads; the figures are printed, so end the JVM here.
        System.exit(0);
    }

    static Map<String, String> options(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value pairs, got '" + args[i] + "'");
            }
            opts.put(args[i].substring(2), args[i + 1]);
        }
        return opts;
    }

    static String require(Map<String, String> opts, String name) {
        String v = opts.get(name);
        if (v == null) {
            throw new IllegalArgumentException("missing --" + name);
        }
        return v;
    }
}
