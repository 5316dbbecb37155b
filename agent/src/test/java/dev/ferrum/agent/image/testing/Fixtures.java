package dev.ferrum.agent.image.testing;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/** Deterministic image contents, their compressed forms and digests, for the image writer's tests. */
public final class Fixtures {
    private Fixtures() {
    }

    /**
     * A disk-like image of {@code size} bytes: a recognisable MBR-ish first sector, runs of random
     * bytes, text and zero holes, so compression, zero detection and offsets all get exercised.
     */
    public static byte[] disk(int size, long seed) {
        byte[] b = new byte[size];
        Random r = new Random(seed);
        int pos = 0;
        while (pos < size) {
            int run = Math.min(size - pos, 4096 + r.nextInt(200_000));
            switch (r.nextInt(3)) {
                case 0 -> {
                    byte[] chunk = new byte[run];
                    r.nextBytes(chunk);
                    System.arraycopy(chunk, 0, b, pos, run);
                }
                case 1 -> {
                    byte[] text = ("ferrum image fixture line " + pos + "\n").getBytes();
                    for (int i = 0; i < run; i++) {
                        b[pos + i] = text[i % text.length];
                    }
                }
                default -> {
                    // zeros
                }
            }
            pos += run;
        }
        if (size >= 512) {
            b[510] = 0x55;
            b[511] = (byte) 0xaa;
            b[0] = (byte) 0xeb;
        }
        return b;
    }

    public static byte[] gzip(byte[] data) {
        return compress(data, GZIPOutputStream::new);
    }

    public static byte[] zstd(byte[] data) {
        return compress(data, ZstdOutputStream::new);
    }

    public static byte[] xz(byte[] data) {
        return compress(data, out -> new XZOutputStream(out, new LZMA2Options(3)));
    }

    public static String sha256(byte[] data) {
        return hex("SHA-256", data);
    }

    public static String sha512(byte[] data) {
        return hex("SHA-512", data);
    }

    public static String md5(byte[] data) {
        return hex("MD5", data);
    }

    public static String hex(String algorithm, byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Opens a compressing stream over an output stream. */
    @FunctionalInterface
    public interface Compressor {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    public static byte[] compress(byte[] data, Compressor compressor) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = compressor.wrap(bytes)) {
            out.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
