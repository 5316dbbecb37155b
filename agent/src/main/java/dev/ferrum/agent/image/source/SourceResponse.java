package dev.ferrum.agent.image.source;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An HTTP response as the image writer needs it: status, the headers that govern resuming, and the
 * body. Closing it releases the connection. Body reads throw {@link IOException} when the
 * connection breaks.
 */
public record SourceResponse(int status, OptionalLong contentLength, Optional<String> contentRange,
        Optional<String> acceptRanges, Optional<String> etag, Optional<String> lastModified, InputStream body)
        implements AutoCloseable {

    public SourceResponse {
        Objects.requireNonNull(contentLength);
        Objects.requireNonNull(contentRange);
        Objects.requireNonNull(acceptRanges);
        Objects.requireNonNull(etag);
        Objects.requireNonNull(lastModified);
        Objects.requireNonNull(body);
    }

    /** True unless the server said {@code Accept-Ranges: none}; servers that say nothing may still honour Range. */
    public boolean mayAcceptRanges() {
        return acceptRanges.map(v -> !v.trim().toLowerCase(Locale.ROOT).equals("none")).orElse(true);
    }

    /** The resource's validators, to tell whether a later response is of the same content. */
    public Validators validators() {
        return new Validators(etag, lastModified);
    }

    @Override
    public void close() throws IOException {
        body.close();
    }

    /** ETag and Last-Modified of a response; equal validators mean the same version of the resource. */
    public record Validators(Optional<String> etag, Optional<String> lastModified) {
        public static Validators none() {
            return new Validators(Optional.empty(), Optional.empty());
        }

        /** A description of what differs from {@code later}, or empty when nothing known differs. */
        public Optional<String> differenceFrom(Validators later) {
            if (etag.isPresent() && !etag.equals(later.etag)) {
                return Optional.of("ETag changed from " + etag.get() + " to " + later.etag.orElse("(none)"));
            }
            if (lastModified.isPresent() && !lastModified.equals(later.lastModified)) {
                return Optional.of("Last-Modified changed from " + lastModified.get() + " to "
                        + later.lastModified.orElse("(none)"));
            }
            return Optional.empty();
        }
    }
}
