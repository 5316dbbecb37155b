package dev.ferrum.agent.partition;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.zip.GZIPInputStream;

/**
 * Turns a {@link ConfigDriveSource} into the stream of the drive image, decoding base64 and gzip
 * on the fly so a large drive is never held in memory.
 */
final class ConfigDriveDecoder {

    private static final int BUFFER = 64 * 1024;
    private static final int SNIFF = 76;

    private ConfigDriveDecoder() {
    }

    static InputStream open(ConfigDriveSource source) throws IOException {
        return switch (source) {
            case ConfigDriveSource.Inline inline ->
                    gunzipIfCompressed(Base64.getMimeDecoder().wrap(new AsciiCharsInputStream(inline.base64Gzip())));
            case ConfigDriveSource.Streamed streamed -> sniff(streamed.opener().open());
        };
    }

    /**
     * The MIME decoder skips characters outside the alphabet, so arbitrary text would "decode" to
     * garbage that then lands on the disk; an inline config drive must be base64 (line breaks allowed).
     */
    static void validate(ConfigDriveSource source) {
        if (source instanceof ConfigDriveSource.Inline inline) {
            requireBase64(inline.base64Gzip());
        }
    }

    private static void requireBase64(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean alphabet = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '=';
            if (!alphabet && c != '\n' && c != '\r') {
                throw new PartitionTableException("the configdrive parameter is neither a URL nor base64 (character '"
                        + (Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c))
                        + "' at position " + i + "); give the gzipped, base64-encoded config drive or its URL");
            }
        }
    }

    // IPA base64-decodes whatever it downloaded and, if that fails, writes the bytes as they are.
    // Deciding on the first line of bytes instead lets us stream: base64 text is only alphabet
    // characters and line breaks, while ISO9660 starts with zeros and vfat with a jump instruction.
    private static InputStream sniff(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, BUFFER);
        in.mark(SNIFF);
        byte[] head = in.readNBytes(SNIFF);
        in.reset();
        if (isGzip(head)) {
            return new GZIPInputStream(in, BUFFER);
        }
        if (head.length > 0 && isBase64Text(head)) {
            return gunzipIfCompressed(Base64.getMimeDecoder().wrap(in));
        }
        return in;
    }

    // Ironic always gzips before base64; a base64 of the bare image is accepted too because
    // nothing else could be meant by it.
    private static InputStream gunzipIfCompressed(InputStream decoded) throws IOException {
        BufferedInputStream in = new BufferedInputStream(decoded, BUFFER);
        in.mark(2);
        byte[] magic = in.readNBytes(2);
        in.reset();
        return isGzip(magic) ? new GZIPInputStream(in, BUFFER) : in;
    }

    private static boolean isGzip(byte[] head) {
        return head.length >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B;
    }

    private static boolean isBase64Text(byte[] head) {
        for (byte b : head) {
            boolean ok = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9')
                    || b == '+' || b == '/' || b == '=' || b == '\r' || b == '\n';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The characters of a base64 string as bytes, without copying the (possibly large) string. */
    private static final class AsciiCharsInputStream extends InputStream {
        private final CharSequence chars;
        private int next;

        AsciiCharsInputStream(CharSequence chars) {
            this.chars = chars;
        }

        @Override
        public int read() {
            return next < chars.length() ? chars.charAt(next++) & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (next >= chars.length()) {
                return -1;
            }
            int n = Math.min(len, chars.length() - next);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) chars.charAt(next++);
            }
            return n;
        }
    }
}
