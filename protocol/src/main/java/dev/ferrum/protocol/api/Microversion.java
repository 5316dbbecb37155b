package dev.ferrum.protocol.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.ferrum.protocol.error.WireFormatException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenStack API microversion, {@code major.minor}, as carried by
 * {@code X-OpenStack-Ironic-API-Version} and version documents. {@link #LATEST} stands for the
 * header value {@code latest}: it sorts above every real version and is resolved to the server's
 * maximum by {@link MicroversionRange#negotiate}.
 */
public record Microversion(int major, int minor) implements Comparable<Microversion> {

    /** The client's "whatever the server's maximum is". */
    public static final Microversion LATEST = new Microversion(Integer.MAX_VALUE, Integer.MAX_VALUE);

    private static final Pattern SYNTAX = Pattern.compile("(\\d{1,9})\\.(\\d{1,9})");
    private static final String LATEST_TEXT = "latest";

    public Microversion {
        if (major < 0 || minor < 0) {
            throw new WireFormatException("a microversion has non-negative parts, not " + major + "." + minor);
        }
    }

    public static Microversion of(int major, int minor) {
        return new Microversion(major, minor);
    }

    /**
     * Parses {@code "1.82"} or {@code "latest"} (any case, surrounding blanks ignored).
     *
     * @throws WireFormatException for anything else, naming the bad value
     */
    @JsonCreator
    public static Microversion parse(String text) {
        if (text == null) {
            throw new WireFormatException("a microversion is required, got nothing");
        }
        String trimmed = text.strip();
        if (trimmed.toLowerCase(Locale.ROOT).equals(LATEST_TEXT)) {
            return LATEST;
        }
        Matcher matcher = SYNTAX.matcher(trimmed);
        if (!matcher.matches()) {
            throw new WireFormatException(
                    "invalid microversion '" + text + "': expected <major>.<minor> such as 1.82, or 'latest'");
        }
        return new Microversion(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    public boolean isLatest() {
        return equals(LATEST);
    }

    /** True when this version is {@code other} or newer; gates fields added in later microversions. */
    public boolean isAtLeast(Microversion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(Microversion other) {
        int byMajor = Integer.compare(major, other.major);
        return byMajor != 0 ? byMajor : Integer.compare(minor, other.minor);
    }

    // equals and hashCode written out: a record's generated ones are bootstrapped on first use, which the conductor's
    // start paid for while building its supported range (a profile of its start).
    @Override
    public boolean equals(Object other) {
        return other instanceof Microversion version && version.major == major && version.minor == minor;
    }

    @Override
    public int hashCode() {
        return 31 * major + minor;
    }

    /** The wire form: {@code 1.82}, or {@code latest}. */
    @JsonValue
    @Override
    public String toString() {
        return isLatest() ? LATEST_TEXT : major + "." + minor;
    }
}
