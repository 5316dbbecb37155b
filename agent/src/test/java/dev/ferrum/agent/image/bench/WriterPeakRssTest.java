package dev.ferrum.agent.image.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.image.testing.QemuImg;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim "peak RSS is the same for a 1 GiB and a 4 GiB sparse image", checked as a memory
 * bound: the production writer runs in a child JVM of its own ({@code -Xmx256m -XX:+UseSerialGC},
 * loopback file server in the same JVM, streaming from disk) for a 1 GiB and a 4 GiB image, and the
 * child's {@code VmHWM} for the 4 GiB image must stay within {@value #RATIO}× + {@value #SLACK_MIB} MiB of the
 * 1 GiB one. The slack covers JIT and GC noise, not anything that grows with the image. The images
 * are chosen so their real content scales with the virtual size (4×) while the test stays quick
 * (23-33 s on 2 shared cores; each run's figures are printed).
 */
class WriterPeakRssTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final double RATIO = 1.25;
    private static final long SLACK_MIB = 32;
    private static final long MIN_FREE = 10 * GIB;
    /** One 64 KiB data cluster every 4 MiB: 16 MiB of data per GiB, a 65536-entry L2 table set per 4 GiB. */
    private static final long QCOW2_DATA_EVERY = 4 * MIB;
    private static final int QCOW2_DATA_BYTES = 64 * 1024;
    /** The gzip image repeats one 64 MiB block: 4 MiB of text (written) and 60 MiB of zeros (left as holes). */
    private static final int GZIP_BLOCK = 64 << 20;
    private static final int GZIP_TEXT = 4 << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void needRoom() throws IOException {
        long free = Files.getFileStore(dir).getUsableSpace();
        Assumptions.assumeTrue(free >= MIN_FREE, "peak-RSS test skipped: only " + free / MIB + " MiB free in " + dir
                + ", it wants 10 GiB of headroom for sparse 1 GiB and 4 GiB targets");
    }

    @Test
    void qcow2PeakRssDoesNotGrowWithTheImage() throws IOException {
        QemuImg qemu = qemuImg();
        Child small = writeInChild(qcow2(qemu, GIB), "qcow2", GIB);
        Child big = writeInChild(qcow2(qemu, 4 * GIB), "qcow2", 4 * GIB);
        assertSamePeak("qcow2 (16 vs 64 MiB of data)", small, big);
    }

    @Test
    void gzipRawPeakRssDoesNotGrowWithTheImage() throws IOException {
        Child small = writeInChild(gzip(GIB), "raw", GIB);
        Child big = writeInChild(gzip(4 * GIB), "raw", 4 * GIB);
        assertSamePeak("gzip raw (1 vs 4 GiB decompressed)", small, big);
    }

    private static void assertSamePeak(String what, Child small, Child big) {
        long a = small.figure("vmhwm_kib");
        long b = big.figure("vmhwm_kib");
        System.out.printf("peak RSS %s: 1 GiB %d MiB, 4 GiB %d MiB (%.2fx); 1 GiB run: %s; 4 GiB run: %s%n",
                what, a / 1024, b / 1024, (double) b / a, small.line(), big.line());
        long bound = (long) (a * RATIO) + SLACK_MIB * 1024;
        assertThat(b).as("%s: the 4 GiB write's peak RSS (KiB) must stay within %.2fx + %d MiB of the 1 GiB write's %d KiB",
                what, RATIO, SLACK_MIB, a).isLessThanOrEqualTo(bound);
    }

    /** A child's figures. */
    private record Child(String line, Map<String, String> fields) {
        long figure(String name) {
            String v = fields.get(name);
            assertThat(v).as("figure %s in the child's output '%s'", name, line).isNotNull();
            return Long.parseLong(v);
        }
    }

    private Child writeInChild(Path image, String diskFormat, long expectedSize) throws IOException {
        Path target = dir.resolve(image.getFileName() + ".target");
        Path out = dir.resolve(image.getFileName() + ".out");
        Path err = dir.resolve(image.getFileName() + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), WriteImageMain.class.getName(),
                "--serve", image.toString(), "--sha256", sha256(image), "--target", target.toString(),
                "--disk-format", diskFormat, "--zeros", "skip"));
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                Assertions.fail("the writer child did not finish " + image.getFileName() + " in 120 s; stderr: "
                        + Files.readString(err));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for the writer child", e);
        } finally {
            p.destroyForcibly();
        }
        String stdout = Files.readString(out).trim();
        assertThat(p.exitValue()).as("writer child exit for %s; stdout: %s; stderr: %s", image.getFileName(), stdout,
                Files.readString(err)).isZero();
        Map<String, String> fields = new HashMap<>();
        for (String kv : stdout.split("\\s+")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                fields.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        Child child = new Child(stdout, fields);
        assertThat(child.figure("image_bytes")).as("image size the writer reports").isEqualTo(expectedSize);
        assertThat(Files.size(target)).as("target length").isEqualTo(expectedSize);
        Files.delete(target);
        return child;
    }

    private static QemuImg qemuImg() {
        Optional<QemuImg> found = QemuImg.find();
        if (found.isEmpty() && "true".equals(System.getenv("CI"))) {
            Assertions.fail("qemu-img is required on CI (apt-get install qemu-utils) for the qcow2 peak-RSS test");
        }
        Assumptions.assumeTrue(found.isPresent(), "qemu-img not installed (apt-get install qemu-utils): qcow2 peak-RSS test skipped");
        return found.get();
    }

    /** A qcow2 of {@code size} virtual bytes, made by qemu-img from a sparse raw file with scattered random data. */
    private Path qcow2(QemuImg qemu, long size) throws IOException {
        Path raw = dir.resolve("q" + size / GIB + "g.raw");
        Random random = new Random(size);
        byte[] data = new byte[QCOW2_DATA_BYTES];
        try (FileChannel ch = FileChannel.open(raw, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long at = 0; at < size; at += QCOW2_DATA_EVERY) {
                random.nextBytes(data);
                ByteBuffer b = ByteBuffer.wrap(data);
                for (long pos = at; b.hasRemaining(); ) {
                    pos += ch.write(b, pos);
                }
            }
            // Set the length without allocating the tail (truncate only shrinks).
            ch.write(ByteBuffer.wrap(new byte[1]), size - 1);
        }
        Path q = dir.resolve("q" + size / GIB + "g.qcow2");
        qemu.run("convert", "-f", "raw", "-O", "qcow2", raw.toString(), q.toString());
        Files.delete(raw);
        return q;
    }

    /**
     * A gzip file that decompresses to {@code size} bytes, made of identical gzip members (a multi-member
     * file is one valid gzip stream), so a 4 GiB image costs one compression of 64 MiB and ~1 MiB on disk.
     */
    private Path gzip(long size) throws IOException {
        byte[] block = new byte[GZIP_BLOCK];
        byte[] line = "ferrum peak-rss fixture: a repeating line that deflate squeezes well\n".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < GZIP_TEXT; i++) {
            block[i] = line[i % line.length];
        }
        var member = new java.io.ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(member, 64 * 1024)) {
            gz.write(block);
        }
        Path file = dir.resolve("g" + size / GIB + "g.raw.gz");
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long done = 0; done < size; done += GZIP_BLOCK) {
                member.writeTo(out);
            }
        }
        return file;
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 20];
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
