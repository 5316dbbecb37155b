package dev.ferrum.pxe.http;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One satisfiable byte range of a file, {@code first..last} inclusive as in HTTP's
 * {@code Content-Range}. {@link #parse} reads a {@code Range} header the way RFC 9110 allows a
 * simple server to: a single {@code bytes=} range is honoured, anything else is ignored.
 */
record ByteRange(long first, long last) {
    private static final Pattern SINGLE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    /** What a Range header asks of a file of {@code size} bytes. */
    sealed interface Request permits Whole, Part, Unsatisfiable {
    }

    /** Serve the whole file (no header, several ranges, or a header we do not understand). */
    record Whole() implements Request {
    }

    /** Serve one range with 206. */
    record Part(ByteRange range) implements Request {
    }

    /** 416: the range starts at or beyond the end of the file. */
    record Unsatisfiable() implements Request {
    }

    long length() {
        return last - first + 1;
    }

    String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    static Request parse(Optional<String> header, long size) {
        if (header.isEmpty()) {
            return new Whole();
        }
        // Several ranges would need multipart/byteranges; no boot loader asks for that, so ignore.
        Matcher m = SINGLE.matcher(header.get().strip());
        if (!m.matches() || m.group(1).isEmpty() && m.group(2).isEmpty()) {
            return new Whole();
        }
        try {
            if (m.group(1).isEmpty()) {
                long suffix = Long.parseLong(m.group(2));
                if (suffix == 0 || size == 0) {
                    return new Unsatisfiable();
                }
                return new Part(new ByteRange(Math.max(0, size - suffix), size - 1));
            }
            long first = Long.parseLong(m.group(1));
            long last = m.group(2).isEmpty() ? Long.MAX_VALUE : Long.parseLong(m.group(2));
            if (last < first) {
                return new Whole();
            }
            if (first >= size) {
                return new Unsatisfiable();
            }
            return new Part(new ByteRange(first, Math.min(last, size - 1)));
        } catch (NumberFormatException tooBig) {
            return new Whole();
        }
    }
}
