package dev.ferrum.conductor.cluster;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A consistent-hash ring over conductor host names, built as Ironic's (tooz) ring is: each host owns
 * {@code 2^partitionExponent} points, the MD5 of {@code "<host>-<i>"}, and a key belongs to the host of the
 * first point at or after the key's own MD5, wrapping round. Every conductor that reads the same members
 * builds the same ring, so they agree on owners without talking to each other; adding or removing one host
 * moves only the keys of the arcs it gains or loses (about 1/N of them).
 */
public final class HashRing {
    /** Ironic's default {@code [DEFAULT]hash_partition_exponent}. */
    public static final int DEFAULT_PARTITION_EXPONENT = 5;

    private final NavigableMap<Long, String> points;

    private HashRing(NavigableMap<Long, String> points) {
        this.points = points;
    }

    /** The ring of {@code hosts} (duplicates count once) with {@code 2^partitionExponent} points each. */
    public static HashRing of(Collection<String> hosts, int partitionExponent) {
        if (partitionExponent < 0 || partitionExponent > 16) {
            throw new IllegalArgumentException("partitionExponent must be within 0..16, got " + partitionExponent);
        }
        NavigableMap<Long, String> points = new TreeMap<>();
        int perHost = 1 << partitionExponent;
        // Sorted so that two hosts whose points collide resolve the same way on every conductor.
        for (String host : new TreeSet<>(hosts)) {
            for (int i = 0; i < perHost; i++) {
                points.putIfAbsent(position(host + "-" + i), host);
            }
        }
        return new HashRing(points);
    }

    /** The host owning {@code key}; empty for a ring without hosts. */
    public Optional<String> owner(String key) {
        if (points.isEmpty()) {
            return Optional.empty();
        }
        Map.Entry<Long, String> at = points.ceilingEntry(position(key));
        return Optional.of((at == null ? points.firstEntry() : at).getValue());
    }

    /** The hosts on the ring, sorted. */
    public List<String> hosts() {
        return List.copyOf(new TreeSet<>(points.values()));
    }

    /** The first 8 bytes of the MD5 of {@code key}, unsigned order kept by flipping the sign bit. */
    private static long position(String key) {
        byte[] digest = md5().digest(key.getBytes(StandardCharsets.UTF_8));
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (digest[i] & 0xff);
        }
        return value ^ Long.MIN_VALUE;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
