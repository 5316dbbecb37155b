package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.ExpectedChecksum;
import dev.ferrum.agent.image.ImageRequest;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.MonotonicClock;
import dev.ferrum.agent.image.ProgressTracker;
import dev.ferrum.agent.image.SafeUrl;
import dev.ferrum.agent.image.WriteProgress.Phase;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.time.Sleeper;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The engine behind IPA's {@code write_image}: streams an image from the first of its URLs that
 * works straight onto the target (raw, gzip/zstd/xz-compressed raw, or qcow2 without staging),
 * verifying the checksum of the published bytes, and returns only when the image is verified and
 * synced. Thread-safe: each {@link #write} call is independent; progress is read from the
 * {@link ProgressTracker} passed in, from any thread.
 */
public final class ImageWriter {
    private static final System.Logger LOG = System.getLogger(ImageWriter.class.getName());
    /** Failures of one URL that another URL might not have; anything else ends the write. */
    private static final Set<Reason> TRY_NEXT_URL = EnumSet.of(Reason.DOWNLOAD_FAILED, Reason.RANGE_UNSUPPORTED,
            Reason.SOURCE_CHANGED);

    private final ImageWriterConfig config;
    private final ImageSource source;
    private final MonotonicClock clock;
    private final Sleeper sleeper;

    public ImageWriter(ImageWriterConfig config, ImageSource source, MonotonicClock clock, Sleeper sleeper) {
        this.config = config;
        this.source = source;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** A tracker for one write, measuring the rate with this writer's clock. */
    public ProgressTracker newProgress() {
        return new ProgressTracker(clock, config.rateWindow());
    }

    /**
     * Writes {@code request}'s image to {@code target}, blocking until it is verified and synced.
     * Throws {@link ImageWriteException} on any failure (after zeroing the target's first MiB if it was
     * touched and {@link ImageWriterConfig#wipeHeadOnFailure()}); an interrupt cancels the write.
     */
    public WriteResult write(ImageRequest request, ImageTarget target, ProgressTracker progress) {
        long started = clock.nanos();
        String node = request.logPrefix();
        try {
            BufferMeter meter = new BufferMeter();
            try (TargetWriter out = TargetWriter.open(target, config.chunkSize(), meter, progress)) {
                progress.phase(Phase.RESOLVING_CHECKSUM);
                ExpectedChecksum.Known expected = new ChecksumResolver(source, config.retry(), sleeper, config.checksums())
                        .resolve(request.checksum(), request.urls());
                WriteResult result = fromFirstWorkingUrl(request, expected, out, progress, meter, started);
                progress.phase(Phase.SUCCEEDED);
                LOG.log(System.Logger.Level.INFO, node + "wrote image " + request.imageId() + " (" + result.format() + ", "
                        + result.imageSize() + " bytes) from " + result.url() + " to " + target.path() + ", "
                        + result.algorithm().wireName() + " verified, " + result.resumes() + " resumes");
                return result;
            }
        } catch (ImageWriteException e) {
            progress.phase(Phase.FAILED);
            LOG.log(System.Logger.Level.ERROR, node + "writing image " + request.imageId() + " to " + target.path()
                    + " failed: " + e.getMessage());
            throw e;
        }
    }

    private WriteResult fromFirstWorkingUrl(ImageRequest request, ExpectedChecksum.Known expected, TargetWriter out,
            ProgressTracker progress, BufferMeter meter, long started) {
        List<ImageWriteException> failures = new ArrayList<>();
        for (URI url : request.urls()) {
            try {
                ImagePipeline pipeline = new ImagePipeline(config, source, sleeper, request, url, expected, out, progress, meter);
                ImagePipeline.Outcome o = pipeline.run();
                return new WriteResult(request.imageId(), SafeUrl.redact(url), o.format(), expected.algorithm(),
                        expected.hex(), o.downloaded(), o.imageSize(), out.bytesWritten(), o.resumes(),
                        java.time.Duration.ofNanos(clock.nanos() - started), meter.use());
            } catch (ImageWriteException e) {
                if (out.touched() || !TRY_NEXT_URL.contains(e.reason())) {
                    throw wipedIfTouched(out, e);
                }
                failures.add(e);
                LOG.log(System.Logger.Level.WARNING, request.logPrefix() + "image " + request.imageId() + " from "
                        + SafeUrl.redact(url) + " failed, trying the next URL if any: " + e.getMessage());
            }
        }
        // One reason shared by every URL (all changed, all lack Range) is the more useful one to report.
        Reason reason = failures.stream().map(ImageWriteException::reason).distinct().count() == 1
                ? failures.get(0).reason() : Reason.DOWNLOAD_FAILED;
        ImageWriteException all = new ImageWriteException(reason, "could not download image " + request.imageId()
                + " from any of its " + request.urls().size() + " URL(s): "
                + String.join("; ", failures.stream().map(Throwable::getMessage).toList()));
        failures.forEach(all::addSuppressed);
        throw all;
    }

    private ImageWriteException wipedIfTouched(TargetWriter out, ImageWriteException e) {
        if (out.touched() && config.wipeHeadOnFailure()) {
            out.wipeHead().ifPresent(e::addSuppressed);
        }
        return e;
    }
}
