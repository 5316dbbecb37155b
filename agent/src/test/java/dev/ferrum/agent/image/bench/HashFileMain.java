package dev.ferrum.agent.image.bench;

import dev.ferrum.agent.image.HashAlgorithm;
import dev.ferrum.agent.image.writer.ImageWriterConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * Ferrum's streaming hash over a file, for comparison with {@code sha256sum}: the digest the writer
 * uses ({@link HashAlgorithm#newDigest()}), fed in reads of the writer's default chunk size. Prints
 * {@code bytes=N hash_ns=T sha256=HEX}; the time excludes JVM start, which the agent pays once.
 * {@code java -cp CP dev.ferrum.agent.image.bench.HashFileMain FILE}
 */
public final class HashFileMain {
    private HashFileMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: HashFileMain FILE");
        }
        byte[] buffer = new byte[ImageWriterConfig.defaults().chunkSize()];
        long start = System.nanoTime();
        MessageDigest digest = HashAlgorithm.SHA256.newDigest();
        long total = 0;
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            for (int n; (n = in.readNBytes(buffer, 0, buffer.length)) > 0; ) {
                digest.update(buffer, 0, n);
                total += n;
            }
        }
        String hex = HexFormat.of().formatHex(digest.digest());
        long nanos = System.nanoTime() - start;
        System.out.println("bytes=" + total + " hash_ns=" + nanos + " sha256=" + hex);
    }
}
