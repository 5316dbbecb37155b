package dev.ferrum.agent.image.source;

import java.io.IOException;
import java.net.URI;

/**
 * Where image bytes come from: one GET of a URL, optionally for a byte range. Implementations return
 * every HTTP status as a response (callers judge them) and throw {@link IOException} only when no
 * response could be had (connection refused, TLS failure, timeout).
 */
@FunctionalInterface
public interface ImageSource {
    SourceResponse open(URI uri, ByteRange range) throws IOException;
}
