package dev.ferrum.sandbox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * The raw disk image the sandbox deploys, generated at start: an MBR with one Linux partition
 * filling the image and pseudo-random contents (a fixed seed, so every run deploys the same bytes),
 * with its sha256 for {@code instance_info}.
 */
public record SampleImage(byte[] bytes, String sha256) {
    public static final int DEFAULT_BYTES = 8 << 20;
    private static final int SECTOR = 512;
    private static final int MINIMUM_BYTES = 2 << 20;

    /**
     * An image of {@code size} bytes: a multiple of 512 and at least 2 MiB, since the partition starts at
     * 1 MiB and must hold at least its banner (1 MiB exactly once failed with an index out of bounds).
     */
    public static SampleImage generate(int size) {
        if (size < MINIMUM_BYTES || size % SECTOR != 0) {
            throw new IllegalArgumentException("a sample image is a multiple of 512 bytes and at least 2 MiB, not " + size);
        }
        byte[] image = new byte[size];
        SplittableRandom random = new SplittableRandom(0x5A4D_B0C5L);
        for (int i = 1 << 20; i < size; i += 8) {
            long value = random.nextLong();
            for (int b = 0; b < 8; b++) {
                image[i + b] = (byte) (value >>> (8 * b));
            }
        }
        byte[] banner = "Ferrum sandbox sample image\n".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(banner, 0, image, 1 << 20, banner.length);
        // One partition from 1 MiB to the end, type 0x83 (Linux), so the disk reads as partitioned.
        ByteBuffer mbr = ByteBuffer.wrap(image, 0, SECTOR).order(ByteOrder.LITTLE_ENDIAN);
        mbr.put(446 + 4, (byte) 0x83);
        mbr.putInt(446 + 8, (1 << 20) / SECTOR);
        mbr.putInt(446 + 12, (size - (1 << 20)) / SECTOR);
        image[510] = 0x55;
        image[511] = (byte) 0xAA;
        return new SampleImage(image, sha256(image));
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
