package dev.ferrum.agent.image.source;

import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The status and the headers of an HTTP/1.1 response that image downloads act on; everything else
 * the server sends is ignored.
 *
 * @param chunked        {@code Transfer-Encoding: chunked} frames the body
 * @param contentLength  {@code Content-Length}, when given and the body is not chunked
 */
record ResponseHead(int status, boolean chunked, OptionalLong contentLength, Optional<String> contentRange,
        Optional<String> acceptRanges, Optional<String> etag, Optional<String> lastModified, Optional<String> location) {
    /** More header lines than any image server sends; more means a broken or hostile server. */
    private static final int MAX_HEADERS = 200;

    /** Reads a response head from {@code in}, skipping interim (1xx) responses. */
    static ResponseHead read(HttpInput in) throws IOException {
        while (true) {
            ResponseHead head = readOne(in);
            if (head.status() >= 200 || head.status() == 101) {
                return head;
            }
        }
    }

    /** Whether the body is present at all; {@code 204}, {@code 304} and {@code 1xx} have none (GET only). */
    boolean hasBody() {
        return status != 204 && status != 304 && status >= 200;
    }

    boolean isRedirect() {
        return (status == 301 || status == 302 || status == 303 || status == 307 || status == 308) && location.isPresent();
    }

    private static ResponseHead readOne(HttpInput in) throws IOException {
        String statusLine = in.readLine();
        // "HTTP/1.1 200 OK": version, a space, three digits, then an optional reason.
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12 || statusLine.charAt(8) != ' ') {
            throw new IOException("not an HTTP/1.x response: " + printable(statusLine));
        }
        int status;
        try {
            status = Integer.parseInt(statusLine.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("bad HTTP status line: " + printable(statusLine), e);
        }
        String transferEncoding = null;
        String contentLength = null;
        String contentRange = null;
        String acceptRanges = null;
        String etag = null;
        String lastModified = null;
        String location = null;
        for (int count = 0; ; count++) {
            String line = in.readLine();
            if (line.isEmpty()) {
                break;
            }
            if (count == MAX_HEADERS) {
                throw new IOException("HTTP response with more than " + MAX_HEADERS + " header lines");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException("bad HTTP header line: " + printable(line));
            }
            String value = line.substring(colon + 1).trim();
            switch (line.substring(0, colon).trim().toLowerCase(Locale.ROOT)) {
                case "transfer-encoding" -> transferEncoding = transferEncoding == null ? value : transferEncoding + "," + value;
                case "content-length" -> {
                    if (contentLength != null && !contentLength.equals(value)) {
                        throw new IOException("HTTP response with two different Content-Length headers");
                    }
                    contentLength = value;
                }
                case "content-range" -> contentRange = value;
                case "accept-ranges" -> acceptRanges = value;
                case "etag" -> etag = value;
                case "last-modified" -> lastModified = value;
                case "location" -> location = value;
                default -> {
                }
            }
        }
        boolean chunked = false;
        if (transferEncoding != null) {
            String[] codings = transferEncoding.toLowerCase(Locale.ROOT).split(",");
            chunked = codings[codings.length - 1].trim().equals("chunked");
            if (!chunked || codings.length > 1) {
                throw new IOException("unsupported Transfer-Encoding: " + printable(transferEncoding));
            }
        }
        OptionalLong length = OptionalLong.empty();
        if (contentLength != null && !chunked) {
            try {
                length = OptionalLong.of(Long.parseLong(contentLength));
            } catch (NumberFormatException e) {
                throw new IOException("bad Content-Length: " + printable(contentLength), e);
            }
            if (length.getAsLong() < 0) {
                throw new IOException("negative Content-Length: " + contentLength);
            }
        }
        return new ResponseHead(status, chunked, length, Optional.ofNullable(contentRange), Optional.ofNullable(acceptRanges),
                Optional.ofNullable(etag), Optional.ofNullable(lastModified), Optional.ofNullable(location));
    }

    private static String printable(String s) {
        String cut = s.length() > 200 ? s.substring(0, 200) + "..." : s;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }
}
