package dev.ferrum.agent.image.source;

import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.agent.image.Cancellation;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.SafeUrl;
import dev.ferrum.agent.image.source.SourceResponse.Validators;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The bytes of one URL (or one byte range of it) as an {@link InputStream} that survives dropped
 * connections: a read that fails, or ends before the announced length, reconnects with {@code Range:
 * bytes=N-} and carries on, so decompressors and hashers above never notice. A resumed response must
 * be the same resource (same ETag/Last-Modified and size, a {@code Content-Range} starting at N). A
 * server that answers a resume with the whole resource (no Range support) is read from the start and
 * the first N bytes discarded: the same cost as restarting, without rewinding anyone above. Retries
 * are bounded by a {@link RetryPolicy}; failures are {@link ImageWriteException}s.
 */
public final class ResumableStream extends InputStream {
    private static final System.Logger LOG = System.getLogger(ResumableStream.class.getName());
    private static final int SKIP_BUFFER = 64 * 1024;

    /** Told about delivered bytes and reconnections, e.g. to feed progress. */
    public interface Listener {
        void delivered(long bytes);

        void resuming(long position, String why);

        /** A listener that ignores everything. */
        static Listener none() {
            return new Listener() {
                @Override
                public void delivered(long bytes) {
                }

                @Override
                public void resuming(long position, String why) {
                }
            };
        }
    }

    private final ImageSource source;
    private final URI uri;
    private final String safeUrl;
    private final RetryPolicy policy;
    private final Sleeper sleeper;
    private final Listener listener;
    private final boolean rangeRequired;
    private final OptionalLong rangeLast;

    private long position;
    private long end = -1; // exclusive; -1 while unknown
    private long resourceLength = -1;
    private Validators validators;
    private boolean rangesAdvertised = true;
    private SourceResponse current; // null between a failure and the reconnection
    private String lastFailure = "";
    private int retries;
    private boolean eof;

    private ResumableStream(ImageSource source, URI uri, ByteRange range, Optional<Validators> expected,
            RetryPolicy policy, Sleeper sleeper, Listener listener) {
        this.source = Objects.requireNonNull(source);
        this.uri = Objects.requireNonNull(uri);
        this.safeUrl = SafeUrl.redact(uri);
        this.policy = Objects.requireNonNull(policy);
        this.sleeper = Objects.requireNonNull(sleeper);
        this.listener = Objects.requireNonNull(listener);
        this.rangeRequired = !range.isAll();
        this.rangeLast = range.last();
        this.position = range.first();
        this.validators = expected.orElse(null);
        range.last().ifPresent(l -> end = l + 1);
    }

    /**
     * Opens {@code range} of {@code uri}, retrying transient failures. A partial range must be
     * answered with 206 (else {@link Reason#RANGE_UNSUPPORTED}); {@code expected} validators, when
     * given, must match (else {@link Reason#SOURCE_CHANGED}).
     */
    public static ResumableStream open(ImageSource source, URI uri, ByteRange range, Optional<Validators> expected,
            RetryPolicy policy, Sleeper sleeper, Listener listener) {
        ResumableStream s = new ResumableStream(source, uri, range, expected, policy, sleeper, listener);
        s.connect(true);
        return s;
    }

    /** The offset of the next byte in the resource. */
    public long position() {
        return position;
    }

    /** The whole resource's size, when the server said it. */
    public OptionalLong resourceLength() {
        return resourceLength >= 0 ? OptionalLong.of(resourceLength) : OptionalLong.empty();
    }

    public Validators validators() {
        return validators == null ? Validators.none() : validators;
    }

    /** False when the first response said {@code Accept-Ranges: none}. */
    public boolean rangesAdvertised() {
        return rangesAdvertised;
    }

    public int retries() {
        return retries;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        while (!eof) {
            if (current == null) {
                connect(false);
            }
            int want = end < 0 ? len : (int) Math.min(len, end - position);
            if (want == 0) {
                finish();
                break;
            }
            try {
                int n = current.body().read(b, off, want);
                if (n > 0) {
                    position += n;
                    listener.delivered(n);
                    return n;
                }
                if (n < 0 && end >= 0 && position < end) {
                    throw new EOFException("connection closed at byte " + position + " of " + end);
                }
                if (n < 0) {
                    finish();
                }
            } catch (IOException e) {
                drop(e.toString());
            }
        }
        return -1;
    }

    @Override
    public void close() throws IOException {
        eof = true;
        if (current != null) {
            SourceResponse r = current;
            current = null;
            r.close();
        }
    }

    private void finish() throws IOException {
        eof = true;
        close();
    }

    private void drop(String why) {
        lastFailure = why;
        if (current != null) {
            closeBroken(current);
            current = null;
        }
    }

    private void connect(boolean initial) {
        boolean first = initial;
        while (true) {
            // An interrupted read surfaces as an IOException like any drop; it must cancel, not retry.
            Cancellation.check();
            if (!first) {
                retries++;
                if (retries > policy.maxRetries()) {
                    throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "download of " + safeUrl + " failed at byte "
                            + position + (end >= 0 ? " of " + end : "") + " and did not recover after "
                            + policy.maxRetries() + " retries; last error: " + lastFailure);
                }
                listener.resuming(position, lastFailure);
                LOG.log(System.Logger.Level.INFO, "retry " + retries + "/" + policy.maxRetries() + " of " + safeUrl
                        + " from byte " + position + " after: " + lastFailure);
                pause(policy.delayBefore(retries));
            }
            first = false;
            SourceResponse r;
            try {
                r = source.open(uri, new ByteRange(position, rangeLast));
            } catch (IOException e) {
                lastFailure = "cannot connect: " + e;
                continue;
            }
            if (accept(r, initial)) {
                current = r;
                return;
            }
        }
    }

    /** True when {@code r} continues the stream at {@link #position}; false for a transient failure. */
    private boolean accept(SourceResponse r, boolean initial) {
        int status = r.status();
        boolean partialAsked = position > 0 || rangeLast.isPresent();
        if (status == 206 && partialAsked) {
            ContentRange cr = r.contentRange().flatMap(ContentRange::parse).orElseThrow(() -> fail(r, Reason.DOWNLOAD_FAILED,
                    "answered 206 without a valid Content-Range header"));
            if (cr.first() != position) {
                throw fail(r, Reason.DOWNLOAD_FAILED, "answered a Range request for byte " + position
                        + " with bytes from " + cr.first());
            }
            checkSame(r, cr.total(), initial);
            if (end < 0 && resourceLength >= 0) {
                end = resourceLength;
            }
            return true;
        }
        if (status == 200) {
            if (rangeRequired) {
                throw fail(r, Reason.RANGE_UNSUPPORTED, "ignores HTTP Range requests (answered 200 to Range: "
                        + new ByteRange(position, rangeLast).header() + "); qcow2 images are streamed with Range "
                        + "requests: serve the image from a server that supports them (nginx, Apache, Swift, S3) "
                        + "or publish it as a raw image");
            }
            checkSame(r, r.contentLength(), initial);
            if (initial) {
                rangesAdvertised = r.mayAcceptRanges();
            }
            end = resourceLength;
            return position == 0 || skipPrefix(r);
        }
        if (status == 408 || status == 429 || status >= 500) {
            lastFailure = "HTTP " + status;
            closeBroken(r);
            return false;
        }
        throw fail(r, Reason.DOWNLOAD_FAILED, "answered HTTP " + status);
    }

    /** Same size and validators as what was read so far (or as expected). */
    private void checkSame(SourceResponse r, OptionalLong length, boolean initial) {
        if (validators == null) {
            validators = r.validators();
        } else {
            Optional<String> diff = validators.differenceFrom(r.validators());
            if (diff.isPresent()) {
                throw fail(r, Reason.SOURCE_CHANGED, "changed while being downloaded (" + diff.get() + ")");
            }
        }
        if (length.isPresent()) {
            if (resourceLength >= 0 && resourceLength != length.getAsLong()) {
                throw fail(r, Reason.SOURCE_CHANGED, "changed while being downloaded (size " + resourceLength
                        + " became " + length.getAsLong() + ")");
            }
            resourceLength = length.getAsLong();
        } else if (!initial && resourceLength >= 0 && r.status() == 200) {
            throw fail(r, Reason.SOURCE_CHANGED, "no longer says its size (it was " + resourceLength + ")");
        }
    }

    /** Reads and discards the first {@link #position} bytes of a full response; false if it broke meanwhile. */
    private boolean skipPrefix(SourceResponse r) {
        byte[] scratch = new byte[(int) Math.min(SKIP_BUFFER, position)];
        long left = position;
        try {
            while (left > 0) {
                int n = r.body().read(scratch, 0, (int) Math.min(scratch.length, left));
                if (n < 0) {
                    throw new EOFException("connection closed while skipping to byte " + position);
                }
                left -= n;
            }
            return true;
        } catch (IOException e) {
            lastFailure = e.toString();
            closeBroken(r);
            return false;
        }
    }

    private ImageWriteException fail(SourceResponse r, Reason reason, String what) {
        closeBroken(r);
        return new ImageWriteException(reason, safeUrl + " " + what);
    }

    private void pause(java.time.Duration d) {
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageWriteException(Reason.CANCELLED, "interrupted while waiting to retry " + safeUrl, e);
        }
    }

    /** Closing an already broken response can fail too; that is logged, the original failure matters. */
    private void closeBroken(SourceResponse r) {
        try {
            r.close();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing a broken response from " + safeUrl + " failed: " + e);
        }
    }
}
