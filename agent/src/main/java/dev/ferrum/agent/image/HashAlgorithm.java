package dev.ferrum.agent.image;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The checksum algorithms {@code image_info} may name, with their hex digest lengths (which is how
 * an unnamed legacy {@code checksum} is recognised: 128 sha512, 64 sha256, 32 md5).
 */
public enum HashAlgorithm {
    MD5("md5", "MD5", 32),
    SHA256("sha256", "SHA-256", 64),
    SHA512("sha512", "SHA-512", 128);

    private final String wireName;
    private final String jcaName;
    private final int hexLength;

    HashAlgorithm(String wireName, String jcaName, int hexLength) {
        this.wireName = wireName;
        this.jcaName = jcaName;
        this.hexLength = hexLength;
    }

    /** The name Glance and Ironic use ({@code os_hash_algo}). */
    public String wireName() {
        return wireName;
    }

    public int hexLength() {
        return hexLength;
    }

    /** A fresh digest; every JDK has these three, so a missing one is a broken runtime. */
    public MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance(jcaName);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the Java runtime lacks " + jcaName + "; the jlink image is missing java.base providers", e);
        }
    }

    /** The algorithm for a wire name such as {@code sha256} or {@code SHA-512}; empty when unknown. */
    public static Optional<HashAlgorithm> fromWire(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace("-", "");
        return Arrays.stream(values()).filter(a -> a.wireName.equals(n)).findFirst();
    }

    /** The algorithm whose hex digest has this many characters; empty for any other length. */
    public static Optional<HashAlgorithm> byHexLength(int length) {
        return Arrays.stream(values()).filter(a -> a.hexLength == length).findFirst();
    }
}
