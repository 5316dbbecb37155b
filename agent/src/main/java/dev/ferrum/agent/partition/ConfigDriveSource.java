package dev.ferrum.agent.partition;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Locale;

/**
 * Where a config drive's bytes come from: inline in the command (base64 of a gzipped ISO9660 or
 * vfat image, as Ironic sends it), or a stream such as a download, which IPA accepts either in
 * that same encoding or as the raw image.
 */
public sealed interface ConfigDriveSource {

    /** A way to open the stream; called once. */
    @FunctionalInterface
    interface StreamOpener {
        InputStream open() throws IOException;
    }

    /**
     * Ironic's inline form.
     *
     * @param base64Gzip base64 (line breaks allowed) of the gzipped image
     */
    record Inline(String base64Gzip) implements ConfigDriveSource {

        // A config drive holds user data and keys: never print it.
        @Override
        public String toString() {
            return "Inline[" + base64Gzip.length() + " base64 characters]";
        }
    }

    /**
     * Bytes from a stream: base64-of-gzip text, gzip, or the raw image, told apart by their first bytes.
     *
     * @param description where the bytes come from, for error messages (a URL, "test data", …)
     * @param opener opens the stream
     */
    record Streamed(String description, StreamOpener opener) implements ConfigDriveSource {
    }

    /**
     * Reads the {@code configdrive} parameter of {@code write_image} the way IPA does: an
     * {@code http://} or {@code https://} URL is downloaded, anything else is inline content.
     */
    static ConfigDriveSource fromParameter(String configdrive, ConfigDriveDownloader downloader) {
        String lower = configdrive.strip().toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            URI url = URI.create(configdrive.strip());
            return new Streamed(url.toString(), () -> downloader.open(url));
        }
        return new Inline(configdrive);
    }
}
