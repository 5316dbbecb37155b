package dev.ferrum.agent.image.source;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The receiving side of one HTTP/1.1 connection: lines (status, headers, chunk sizes) come through a
 * small buffer, while bulk body reads of more than the buffer holds go straight from the socket into
 * the caller's array, so body bytes are copied once (kernel to caller) and nothing is allocated per read.
 */
final class HttpInput {
    /** Longest status, header or chunk-size line accepted; longer ones are a broken or hostile server. */
    static final int MAX_LINE = 16 * 1024;

    private final InputStream socket;
    private final byte[] buffer = new byte[MAX_LINE];
    private int position;
    private int limit;

    HttpInput(InputStream socket) {
        this.socket = socket;
    }

    /** The next line without its CRLF (a bare LF also ends it); EOFException if the connection ends first. */
    String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            if (position == limit && !refill()) {
                throw new EOFException("connection closed in the middle of the response head");
            }
            for (int i = position; i < limit; i++) {
                if (buffer[i] == '\n') {
                    line.append(new String(buffer, position, i - position, StandardCharsets.ISO_8859_1));
                    position = i + 1;
                    int length = line.length();
                    if (length > 0 && line.charAt(length - 1) == '\r') {
                        line.setLength(length - 1);
                    }
                    return line.toString();
                }
            }
            line.append(new String(buffer, position, limit - position, StandardCharsets.ISO_8859_1));
            position = limit;
            if (line.length() > MAX_LINE) {
                throw new IOException("HTTP response line longer than " + MAX_LINE + " bytes");
            }
        }
    }

    /** Up to {@code len} bytes into {@code b}: what is buffered first, else straight from the socket; -1 at its end. */
    int read(byte[] b, int off, int len) throws IOException {
        if (position < limit) {
            int n = Math.min(len, limit - position);
            System.arraycopy(buffer, position, b, off, n);
            position += n;
            return n;
        }
        return socket.read(b, off, len);
    }

    private boolean refill() throws IOException {
        int n = socket.read(buffer, 0, buffer.length);
        if (n < 0) {
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }
}
