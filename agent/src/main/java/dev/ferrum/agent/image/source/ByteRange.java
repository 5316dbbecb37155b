package dev.ferrum.agent.image.source;

import java.util.OptionalLong;

/**
 * The bytes of a resource to request: from {@code first} to {@code last} inclusive, or to the end.
 * The whole resource ({@code first == 0}, no end) is requested without a Range header.
 */
public record ByteRange(long first, OptionalLong last) {

    public ByteRange {
        if (first < 0 || (last.isPresent() && last.getAsLong() < first)) {
            throw new IllegalArgumentException("bad byte range " + first + "-" + last);
        }
    }

    public static ByteRange all() {
        return new ByteRange(0, OptionalLong.empty());
    }

    public static ByteRange from(long first) {
        return new ByteRange(first, OptionalLong.empty());
    }

    /** {@code length} bytes starting at {@code first}. */
    public static ByteRange of(long first, long length) {
        return new ByteRange(first, OptionalLong.of(first + length - 1));
    }

    public boolean isAll() {
        return first == 0 && last.isEmpty();
    }

    /** The Range header value, {@code bytes=first-[last]}. */
    public String header() {
        return "bytes=" + first + "-" + (last.isPresent() ? Long.toString(last.getAsLong()) : "");
    }
}
