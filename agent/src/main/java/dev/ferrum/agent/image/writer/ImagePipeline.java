package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.Cancellation;
import dev.ferrum.agent.image.DiskFormat;
import dev.ferrum.agent.image.ExpectedChecksum;
import dev.ferrum.agent.image.ImageRequest;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.ProgressTracker;
import dev.ferrum.agent.image.SafeUrl;
import dev.ferrum.agent.image.WriteProgress.Phase;
import dev.ferrum.agent.image.qcow2.Qcow2Image;
import dev.ferrum.agent.image.source.ByteRange;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.ResumableStream;
import dev.ferrum.agent.time.Sleeper;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.URI;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.tukaani.xz.MemoryLimitException;
import org.tukaani.xz.XZInputStream;

/**
 * One attempt at one URL: open the download, recognise the content by its magic bytes, stream it to
 * the target (raw, decompressed raw, or qcow2), read the file to its end through the digest, verify,
 * fill zeros, sync. The layers are: resumable HTTP stream → read-ahead with the digest (whose head
 * is peeked at for detection) → decoder; whatever the decoder leaves unread is drained through the
 * digest too.
 */
final class ImagePipeline {
    private static final System.Logger LOG = System.getLogger(ImagePipeline.class.getName());
    /** Enough buffers that the reader fills one, the digest takes one, the writer drains one, and some wait. */
    private static final int READ_AHEAD_BUFFERS = 8;

    /** What a successful attempt produced. */
    record Outcome(ContentFormat format, long downloaded, long imageSize, int resumes) {
    }

    private final ImageWriterConfig config;
    private final ImageSource source;
    private final Sleeper sleeper;
    private final ImageRequest request;
    private final URI url;
    private final String safeUrl;
    private final ExpectedChecksum.Known expected;
    private final TargetWriter out;
    private final ProgressTracker progress;
    private final BufferMeter meter;

    ImagePipeline(ImageWriterConfig config, ImageSource source, Sleeper sleeper, ImageRequest request, URI url,
            ExpectedChecksum.Known expected, TargetWriter out, ProgressTracker progress, BufferMeter meter) {
        this.config = config;
        this.source = source;
        this.sleeper = sleeper;
        this.request = request;
        this.url = url;
        this.safeUrl = SafeUrl.redact(url);
        this.expected = expected;
        this.out = out;
        this.progress = progress;
        this.meter = meter;
    }

    Outcome run() {
        progress.phase(Phase.CONNECTING);
        progress.restartDownload();
        MessageDigest digest = expected.algorithm().newDigest();
        try (ResumableStream net = ResumableStream.open(source, url, ByteRange.all(), Optional.empty(), config.retry(),
                sleeper, listener())) {
            progress.totalBytes(net.resourceLength());
            // Download and digest run on threads of their own, decoding and writing on this one.
            // Its buffers together are two chunks, so read-ahead adds two chunks to the writer's memory.
            try (ReadAheadInputStream ahead = new ReadAheadInputStream(net, digest, READ_AHEAD_BUFFERS,
                    2 * config.chunkSize() / READ_AHEAD_BUFFERS, meter)) {
                ContentFormat format = detect(ahead);
                long imageSize = switch (format) {
                    case QCOW2 -> qcow2(net, ahead, digest);
                    case GZIP, ZSTD, XZ -> compressed(format, ahead, digest);
                    case RAW -> rawInPlace(ahead, net.resourceLength().orElse(-1), digest);
                    case VMDK, VHDX -> throw new ImageWriteException(Reason.INVALID_IMAGE, "image " + request.imageId()
                            + " is " + format.name().toLowerCase(java.util.Locale.ROOT)
                            + "; this agent writes raw (optionally gzip/zstd/xz-compressed) and qcow2 images");
                };
                progress.phase(Phase.SYNCING);
                out.finish(imageSize);
                // The stream was read to its end, so the read-ahead threads are done with net and the digest.
                return new Outcome(format, ahead.digested(), imageSize, net.retries());
            }
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "reading " + safeUrl + " failed: " + e, e);
        }
    }

    private ResumableStream.Listener listener() {
        return new ResumableStream.Listener() {
            @Override
            public void delivered(long bytes) {
                progress.downloaded(bytes);
            }

            @Override
            public void resuming(long position, String why) {
                progress.resumed();
            }
        };
    }

    private ContentFormat detect(ReadAheadInputStream in) throws IOException {
        byte[] head = new byte[ContentFormat.HEAD_BYTES];
        int n = in.peek(head);
        ContentFormat format = ContentFormat.detect(head, n);
        Optional<DiskFormat> declared = request.declaredFormat();
        Optional<DiskFormat> actual = format.diskFormat();
        if (declared.isPresent() && actual.isPresent() && !format.isCompression() && !declared.equals(actual)) {
            String msg = "image " + request.imageId() + " is declared " + declared.get().wireName() + " but its content is "
                    + actual.get().wireName();
            if (config.formatMismatch() == FormatMismatch.FAIL) {
                throw new ImageWriteException(Reason.INVALID_IMAGE, msg + "; fix the image's disk_format");
            }
            LOG.log(System.Logger.Level.WARNING, request.logPrefix() + msg + "; writing it as " + actual.get().wireName());
        }
        return format;
    }

    private long qcow2(ResumableStream net, InputStream published, MessageDigest digest) {
        progress.phase(Phase.READING_METADATA);
        if (!net.rangesAdvertised()) {
            throw new ImageWriteException(Reason.RANGE_UNSUPPORTED, safeUrl + " says Accept-Ranges: none; qcow2 images"
                    + " are streamed with Range requests: serve the image from a server that supports them or publish"
                    + " it as a raw image");
        }
        SourceRangeReader ranges = new SourceRangeReader(source, url, net.validators(), config.retry(), sleeper);
        try (Qcow2Image image = Qcow2Image.prepare(published, net.resourceLength(), ranges, meter, config.chunkSize())) {
            long size = image.header().virtualSize();
            out.requireCapacity(size);
            progress.phase(Phase.STREAMING);
            image.streamData(out);
            verify(digest);
            progress.phase(Phase.ZERO_FILLING);
            image.fillZeros(out);
            LOG.log(System.Logger.Level.INFO, request.logPrefix() + "qcow2 v" + image.header().version() + " "
                    + image.header().clusterSize() + "-byte clusters: " + image.dataClusters() + " data, "
                    + image.compressedClusters() + " compressed, " + image.extents() + " map extents");
            return size;
        }
    }

    private long compressed(ContentFormat format, InputStream published, MessageDigest digest) throws IOException {
        PushbackInputStream inner = new PushbackInputStream(decoder(format, published, config.xzMemoryLimitMiB()),
                ContentFormat.HEAD_BYTES);
        byte[] head = new byte[ContentFormat.HEAD_BYTES];
        int n = inner.readNBytes(head, 0, head.length);
        inner.unread(head, 0, n);
        ContentFormat innerFormat = ContentFormat.detect(head, n);
        if (innerFormat != ContentFormat.RAW) {
            throw new ImageWriteException(Reason.INVALID_IMAGE, "image " + request.imageId() + " is "
                    + innerFormat.name().toLowerCase(java.util.Locale.ROOT) + " inside " + format.name().toLowerCase(java.util.Locale.ROOT)
                    + "; only raw images may be compressed (publish qcow2 uncompressed: it has its own compression)");
        }
        return raw(inner, published, -1, digest);
    }

    /**
     * The decompressed content of {@code published}, a {@code format} stream ({@link ContentFormat#isCompression()}),
     * whose read failures other than download failures are {@link Reason#INVALID_IMAGE}.
     */
    static InputStream decoder(ContentFormat format, InputStream published, int xzMemoryLimitMiB) {
        if (!format.isCompression()) {
            throw new IllegalArgumentException(format + " is not a compression");
        }
        InputStream decoded;
        try {
            // gzip and xz read their stream header here, so a bad header fails before DecoderErrors wraps the decoder.
            decoded = switch (format) {
                case GZIP -> new GZIPInputStream(published, 64 * 1024);
                case ZSTD -> new ZstdInputStream(published);
                default -> xz(published, xzMemoryLimitMiB);
            };
        } catch (ImageWriteException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw DecoderErrors.corrupt(format, e);
        }
        return new DecoderErrors(decoded, format);
    }

    private static InputStream xz(InputStream in, int memoryLimitMiB) throws IOException {
        try {
            return new XZInputStream(in, memoryLimitMiB * 1024);
        } catch (MemoryLimitException e) {
            throw new ImageWriteException(Reason.INVALID_IMAGE, "the xz image needs " + e.getMemoryNeeded() / 1024
                    + " MiB to decompress, above the " + memoryLimitMiB + " MiB limit; recompress with a smaller"
                    + " dictionary (xz -6 or lower)", e);
        }
    }

    /**
     * Copies {@code data} to the target in whole chunks at chunk-aligned offsets, then reads
     * {@code published} to its end and verifies the digest. Returns the image size.
     */
    private long raw(InputStream data, InputStream published, long knownSize, MessageDigest digest) throws IOException {
        if (knownSize >= 0) {
            out.requireCapacity(knownSize);
        }
        progress.phase(Phase.STREAMING);
        byte[] buffer = meter.allocate(config.chunkSize());
        boolean skipZeros = out.zeroHandling() == ZeroHandling.SKIP_ZEROS;
        long position = 0;
        while (true) {
            Cancellation.check();
            int n = data.readNBytes(buffer, 0, buffer.length);
            if (n == 0) {
                break;
            }
            if (skipZeros && allZero(buffer, 0, n)) {
                out.zeros(position, n);
            } else {
                out.writeAt(position, buffer, 0, n);
            }
            position += n;
            if (n < buffer.length) {
                break;
            }
        }
        published.transferTo(OutputStream.nullOutputStream());
        verify(digest);
        return position;
    }

    /**
     * Writes a raw image straight from the read-ahead buffers (each already hashed) at their offsets,
     * then verifies the digest. Returns the image size.
     */
    private long rawInPlace(ReadAheadInputStream published, long knownSize, MessageDigest digest) throws IOException {
        if (knownSize >= 0) {
            out.requireCapacity(knownSize);
        }
        progress.phase(Phase.STREAMING);
        boolean skipZeros = out.zeroHandling() == ZeroHandling.SKIP_ZEROS;
        long size = published.transferBuffersTo(new ReadAheadInputStream.BufferSink() {
            private long position;

            @Override
            public void accept(byte[] buffer, int offset, int length) {
                Cancellation.check();
                if (skipZeros && allZero(buffer, offset, length)) {
                    out.zeros(position, length);
                } else {
                    out.writeAt(position, buffer, offset, length);
                }
                position += length;
            }
        });
        verify(digest);
        return size;
    }

    private void verify(MessageDigest digest) {
        byte[] actual = digest.digest();
        if (!expected.matches(actual)) {
            throw new ImageWriteException(Reason.CHECKSUM_MISMATCH, "image " + request.imageId() + " from " + safeUrl
                    + " failed verification: expected " + expected.algorithm().wireName() + " " + expected.hex()
                    + " but the downloaded bytes hash to " + HexFormat.of().formatHex(actual));
        }
    }

    private static boolean allZero(byte[] buffer, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (buffer[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
