package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Reports a decoder's complaints as {@link Reason#INVALID_IMAGE}: below the decoder the stream only
 * throws {@link ImageWriteException}s (download failures), so any other exception means the
 * compressed data itself is bad. aircompressor signals that with unchecked exceptions, xz and gzip
 * with IOExceptions.
 */
final class DecoderErrors extends FilterInputStream {
    private final String format;

    DecoderErrors(InputStream decoder, ContentFormat format) {
        super(decoder);
        this.format = format.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public int read() throws IOException {
        try {
            return in.read();
        } catch (ImageWriteException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw corrupt(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return in.read(b, off, len);
        } catch (ImageWriteException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw corrupt(e);
        }
    }

    private ImageWriteException corrupt(Exception e) {
        return corrupt(format, e);
    }

    /** The failure for a {@code format} decoder's complaint {@code e}, whether it came on a read or at its construction. */
    static ImageWriteException corrupt(ContentFormat format, Exception e) {
        return corrupt(format.name().toLowerCase(Locale.ROOT), e);
    }

    private static ImageWriteException corrupt(String format, Exception e) {
        return new ImageWriteException(Reason.INVALID_IMAGE, "the image's " + format + " data is corrupt or truncated: " + e, e);
    }
}
