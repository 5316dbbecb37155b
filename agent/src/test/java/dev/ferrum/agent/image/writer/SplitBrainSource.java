package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.source.ByteRange;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.SourceResponse;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.Optional;
import java.util.OptionalLong;

/** A dishonest server: full downloads get one file, Range requests another, both with the same ETag. */
final class SplitBrainSource implements ImageSource {
    private final byte[] full;
    private final byte[] ranged;
    private final URI uri;

    SplitBrainSource(byte[] full, byte[] ranged, URI uri) {
        this.full = full;
        this.ranged = ranged;
        this.uri = uri;
    }

    @Override
    public SourceResponse open(URI requested, ByteRange range) {
        if (!requested.equals(uri)) {
            return new SourceResponse(404, OptionalLong.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), java.io.InputStream.nullInputStream());
        }
        if (range.isAll()) {
            return new SourceResponse(200, OptionalLong.of(full.length), Optional.empty(), Optional.of("bytes"),
                    Optional.of("\"same\""), Optional.empty(), new ByteArrayInputStream(full));
        }
        long last = Math.min(range.last().orElse(ranged.length - 1L), ranged.length - 1L);
        return new SourceResponse(206, OptionalLong.of(last - range.first() + 1),
                Optional.of("bytes " + range.first() + "-" + last + "/" + full.length), Optional.of("bytes"),
                Optional.of("\"same\""), Optional.empty(),
                new ByteArrayInputStream(ranged, (int) range.first(), (int) (last - range.first() + 1)));
    }
}
