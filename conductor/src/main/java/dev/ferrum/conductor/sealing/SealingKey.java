package dev.ferrum.conductor.sealing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * One AES-256 key and its id. The id is derived from the key (a truncated SHA-256 of a label and the
 * key), so a stored value names the key that sealed it without anyone having to number keys, and the
 * same file always gets the same id on every conductor.
 */
public final class SealingKey {
    /** AES-256. */
    public static final int LENGTH = 32;

    private final byte[] bytes;
    private final String id;

    private SealingKey(byte[] bytes) {
        this.bytes = bytes.clone();
        this.id = idOf(bytes);
    }

    /** The key made of exactly {@value #LENGTH} bytes. */
    public static SealingKey of(byte[] bytes) {
        if (bytes.length != LENGTH) {
            throw new IllegalArgumentException("an AES-256 key has " + LENGTH + " bytes, not " + bytes.length);
        }
        return new SealingKey(bytes);
    }

    /** Eight hex digits naming this key in stored values. */
    public String id() {
        return id;
    }

    SecretKey secretKey() {
        return new SecretKeySpec(bytes, "AES");
    }

    private static String idOf(byte[] key) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("ferrum driver_info sealing key".getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(Arrays.copyOf(sha.digest(key), 4));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SealingKey key && MessageDigest.isEqual(bytes, key.bytes);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        // Never the key itself.
        return "SealingKey[" + id + "]";
    }
}
