package dev.ferrum.agent.image.source;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;

/**
 * The body of one HTTP/1.1 response, framed by {@code Content-Length}, by chunked transfer coding, or
 * by the connection's end. A body that ends before its framing says it should is an
 * {@link EOFException} (so {@link ResumableStream} resumes it), never a silent short read. Closing it
 * closes the connection: every request gets a connection of its own.
 */
final class HttpBody extends InputStream {
    private enum Framing { LENGTH, CHUNKED, UNTIL_CLOSE }

    private final Socket socket;
    private final HttpInput in;
    private final Framing framing;
    /** LENGTH: body bytes left; CHUNKED: bytes left in the current chunk. */
    private long left;
    private long delivered;
    private boolean firstChunk = true;
    private boolean done;

    HttpBody(Socket socket, HttpInput in, ResponseHead head) {
        this.socket = socket;
        this.in = in;
        if (!head.hasBody()) {
            framing = Framing.LENGTH;
            left = 0;
        } else if (head.chunked()) {
            framing = Framing.CHUNKED;
        } else if (head.contentLength().isPresent()) {
            framing = Framing.LENGTH;
            left = head.contentLength().getAsLong();
        } else {
            framing = Framing.UNTIL_CLOSE;
        }
        done = framing == Framing.LENGTH && left == 0;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (done) {
            return -1;
        }
        if (framing == Framing.CHUNKED && left == 0 && !nextChunk()) {
            done = true;
            return -1;
        }
        int want = framing == Framing.UNTIL_CLOSE ? len : (int) Math.min(len, left);
        int n = in.read(b, off, want);
        if (n < 0) {
            if (framing == Framing.UNTIL_CLOSE) {
                done = true;
                return -1;
            }
            throw new EOFException("connection closed after " + delivered + " body bytes"
                    + (framing == Framing.LENGTH ? ", " + left + " short of its Content-Length" : ", inside a chunk"));
        }
        delivered += n;
        if (framing != Framing.UNTIL_CLOSE) {
            left -= n;
            done = framing == Framing.LENGTH && left == 0;
        }
        return n;
    }

    /** Reads the next chunk's size line; false after the last chunk (and its trailers). */
    private boolean nextChunk() throws IOException {
        if (!firstChunk && !in.readLine().isEmpty()) {
            throw new IOException("malformed chunked body: chunk data not followed by CRLF");
        }
        firstChunk = false;
        String line = in.readLine();
        int semicolon = line.indexOf(';');
        String hex = (semicolon >= 0 ? line.substring(0, semicolon) : line).trim();
        long size;
        try {
            // At most 15 hex digits, so the size cannot overflow.
            if (hex.isEmpty() || hex.length() > 15) {
                throw new NumberFormatException(hex);
            }
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IOException("malformed chunked body: bad chunk size line '" + line.replaceAll("\\p{Cntrl}", "?") + "'", e);
        }
        if (size < 0) {
            throw new IOException("malformed chunked body: negative chunk size");
        }
        if (size == 0) {
            while (!in.readLine().isEmpty()) {
                // Trailer fields: nothing an image download uses.
            }
            return false;
        }
        left = size;
        return true;
    }

    @Override
    public void close() throws IOException {
        done = true;
        socket.close();
    }
}
