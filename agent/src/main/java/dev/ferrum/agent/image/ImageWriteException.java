package dev.ferrum.agent.image;

import java.util.Objects;

/**
 * The one root exception of the image writer: every failure of parsing {@code image_info},
 * downloading, decoding, verifying or writing an image is one of these, with a {@link Reason} the
 * command layer maps to IPA's {@code command_error.type}. Messages never contain URL query strings
 * or userinfo.
 */
public final class ImageWriteException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the write failed; {@link #ipaErrorType()} is the IPA error class a peer expects. */
    public enum Reason {
        /** {@code image_info} is malformed or asks for something refused (md5, unknown algorithm). */
        INVALID_REQUEST("InvalidCommandParamsError"),
        /** The target path is not a block device or regular file, or is too small. */
        INVALID_TARGET("InvalidCommandParamsError"),
        /** No URL could be downloaded, or a download broke beyond the retry bounds. */
        DOWNLOAD_FAILED("ImageDownloadError"),
        /** The image changed on the server between requests (ETag or Last-Modified differ). */
        SOURCE_CHANGED("ImageDownloadError"),
        /** The server does not honour HTTP Range requests, which qcow2 streaming needs. */
        RANGE_UNSUPPORTED("ImageDownloadError"),
        /** The published bytes do not hash to the expected checksum. */
        CHECKSUM_MISMATCH("ImageChecksumError"),
        /** The image content is not something this writer can turn into a disk. */
        INVALID_IMAGE("InvalidImage"),
        /** Writing or syncing the target failed. */
        WRITE_FAILED("ImageWriteError"),
        /** The writing thread was interrupted. */
        CANCELLED("CommandExecutionError");

        private final String ipaErrorType;

        Reason(String ipaErrorType) {
            this.ipaErrorType = ipaErrorType;
        }

        /** The error type name IPA reports for this kind of failure. */
        public String ipaErrorType() {
            return ipaErrorType;
        }
    }

    private final Reason reason;

    public ImageWriteException(Reason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason);
    }

    public ImageWriteException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason);
    }

    public Reason reason() {
        return reason;
    }

    /** Shorthand for {@code reason().ipaErrorType()}. */
    public String ipaErrorType() {
        return reason.ipaErrorType();
    }
}
