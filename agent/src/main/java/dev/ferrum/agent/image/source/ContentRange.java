package dev.ferrum.agent.image.source;

import java.util.Optional;
import java.util.OptionalLong;

/** A parsed {@code Content-Range: bytes first-last/total} header ({@code total} may be {@code *}). */
record ContentRange(long first, long last, OptionalLong total) {

    static Optional<ContentRange> parse(String header) {
        String h = header.trim();
        if (!h.regionMatches(true, 0, "bytes ", 0, 6)) {
            return Optional.empty();
        }
        String spec = h.substring(6).trim();
        int dash = spec.indexOf('-');
        int slash = spec.indexOf('/');
        if (dash <= 0 || slash < dash) {
            return Optional.empty();
        }
        try {
            long first = Long.parseLong(spec.substring(0, dash).trim());
            long last = Long.parseLong(spec.substring(dash + 1, slash).trim());
            String t = spec.substring(slash + 1).trim();
            OptionalLong total = t.equals("*") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(t));
            return last < first ? Optional.empty() : Optional.of(new ContentRange(first, last, total));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
