package dev.ferrum.agent.image.source;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A fake {@link ImageSource} serving byte arrays by URL, honouring Range like a static file server,
 * with an optional fault: break the body of the first {@code n} responses after a number of bytes.
 * For tests of code above the transport; unknown URLs answer 404. Not thread-safe.
 */
public final class InMemoryImageSource implements ImageSource {
    private final Map<URI, byte[]> resources = new HashMap<>();
    private int breakResponses;
    private long breakAfter;
    private int requests;

    /** Serves {@code content} at {@code uri}, with an ETag derived from its hash. */
    public InMemoryImageSource put(URI uri, byte[] content) {
        resources.put(uri, content.clone());
        return this;
    }

    /** The next {@code responses} bodies fail with an IOException after {@code afterBytes} bytes. */
    public InMemoryImageSource breakBodies(int responses, long afterBytes) {
        this.breakResponses = responses;
        this.breakAfter = afterBytes;
        return this;
    }

    /** How many requests were made. */
    public int requests() {
        return requests;
    }

    @Override
    public SourceResponse open(URI uri, ByteRange range) throws IOException {
        requests++;
        byte[] content = resources.get(uri);
        if (content == null) {
            return new SourceResponse(404, OptionalLong.of(0), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), InputStream.nullInputStream());
        }
        Optional<String> etag = Optional.of("\"" + Integer.toHexString(java.util.Arrays.hashCode(content)) + "\"");
        long first = range.first();
        long last = Math.min(range.last().orElse(content.length - 1L), content.length - 1L);
        if (!range.isAll() && first >= content.length) {
            return new SourceResponse(416, OptionalLong.of(0), Optional.of("bytes */" + content.length),
                    Optional.of("bytes"), etag, Optional.empty(), InputStream.nullInputStream());
        }
        InputStream body = new ByteArrayInputStream(content, (int) first, (int) (last - first + 1));
        if (breakResponses > 0) {
            breakResponses--;
            body = new Breaking(body, breakAfter);
        }
        if (range.isAll()) {
            return new SourceResponse(200, OptionalLong.of(content.length), Optional.empty(), Optional.of("bytes"),
                    etag, Optional.empty(), body);
        }
        return new SourceResponse(206, OptionalLong.of(last - first + 1),
                Optional.of("bytes " + first + "-" + last + "/" + content.length), Optional.of("bytes"), etag,
                Optional.empty(), body);
    }

    /** A body that fails after {@code left} bytes, as a dropped connection does. */
    private static final class Breaking extends InputStream {
        private final InputStream in;
        private long left;

        Breaking(InputStream in, long left) {
            this.in = in;
            this.left = left;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                throw new IOException("connection reset (injected)");
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }
}
