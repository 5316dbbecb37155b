package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.SafeUrl;
import dev.ferrum.agent.image.qcow2.RangeReader;
import dev.ferrum.agent.image.source.ByteRange;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.ResumableStream;
import dev.ferrum.agent.image.source.RetryPolicy;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.agent.image.source.SourceResponse.Validators;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Optional;

/** qcow2 metadata reads as HTTP Range requests, resumable, pinned to the validators of the main download. */
final class SourceRangeReader implements RangeReader {
    private final ImageSource source;
    private final URI uri;
    private final Validators validators;
    private final RetryPolicy retry;
    private final Sleeper sleeper;

    SourceRangeReader(ImageSource source, URI uri, Validators validators, RetryPolicy retry, Sleeper sleeper) {
        this.source = source;
        this.uri = uri;
        this.validators = validators;
        this.retry = retry;
        this.sleeper = sleeper;
    }

    @Override
    public void readFully(long offset, byte[] dst, int length) {
        try (InputStream in = ResumableStream.open(source, uri, ByteRange.of(offset, length), Optional.of(validators),
                retry, sleeper, ResumableStream.Listener.none())) {
            int n = in.readNBytes(dst, 0, length);
            if (n < length) {
                throw new ImageWriteException(Reason.DOWNLOAD_FAILED, SafeUrl.redact(uri) + " returned " + n
                        + " bytes for a Range request of " + length + " at " + offset);
            }
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "Range request to " + SafeUrl.redact(uri) + " failed: " + e, e);
        }
    }
}
