package dev.ferrum.pxe.http;

import dev.ferrum.pxe.PxeException;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

/**
 * Serves the regular files below one directory (kernels, initramfs archives) with
 * {@code Content-Length}, {@code Last-Modified}, HEAD and single byte ranges. A request can never
 * leave the directory: {@code ..}, {@code .} and hidden segments are refused before the file
 * system is touched, and symbolic links are followed only while they stay inside it.
 */
final class BootFiles {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter
            .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    private static final int CHUNK = 256 * 1024;

    private final Path root;

    BootFiles(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /**
     * The file for a decoded request path relative to the directory, or empty when there is none
     * or the path tries to step outside (both answer 404, so probing learns nothing).
     */
    Optional<Path> resolve(String relative) {
        if (relative.isEmpty() || relative.indexOf('\0') >= 0 || relative.indexOf('\\') >= 0) {
            return Optional.empty();
        }
        for (String segment : relative.split("/", -1)) {
            // Hidden names too: nothing a boot loader needs starts with '.', and it keeps .git and
            // editors' temporary files out.
            if (segment.isEmpty() || segment.startsWith(".")) {
                return Optional.empty();
            }
        }
        Path candidate = root.resolve(relative).normalize();
        if (!candidate.startsWith(root)) {
            return Optional.empty();
        }
        try {
            Path real = candidate.toRealPath();
            if (!real.startsWith(root.toRealPath()) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            return Optional.of(real);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new PxeException("cannot read boot file " + candidate + ": " + e.getMessage(), e);
        }
    }

    /** Answers GET or HEAD for {@code file}, honouring a single Range. */
    void send(ServerRequest request, ServerResponse response, Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new PxeException("cannot read boot file " + file + ": " + e.getMessage(), e);
        }
        long size = attributes.size();
        String lastModified = HTTP_DATE.format(attributes.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS));
        response.header(HeaderNames.ACCEPT_RANGES, "bytes");
        response.header(HeaderNames.LAST_MODIFIED, lastModified);
        response.header(HeaderNames.CONTENT_TYPE, "application/octet-stream");

        Optional<String> range = request.headers().first(HeaderNames.RANGE);
        // If-Range with a different validator means the client's partial copy is stale: send it all.
        Optional<String> ifRange = request.headers().first(HeaderNames.IF_RANGE);
        if (ifRange.isPresent() && !ifRange.get().strip().equals(lastModified)) {
            range = Optional.empty();
        }
        long first = 0;
        long length = size;
        switch (ByteRange.parse(range, size)) {
            case ByteRange.Whole whole -> response.status(Status.OK_200);
            case ByteRange.Part part -> {
                first = part.range().first();
                length = part.range().length();
                response.status(Status.PARTIAL_CONTENT_206);
                response.header(HeaderNames.CONTENT_RANGE, part.range().contentRange(size));
            }
            case ByteRange.Unsatisfiable none -> {
                response.status(Status.REQUESTED_RANGE_NOT_SATISFIABLE_416);
                response.header(HeaderNames.CONTENT_RANGE, "bytes */" + size);
                response.send();
                return;
            }
        }
        response.contentLength(length);
        if (request.prologue().method() == Method.HEAD) {
            response.send();
            return;
        }
        copy(file, first, length, response);
    }

    private static void copy(Path file, long first, long length, ServerResponse response) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
             OutputStream out = response.outputStream()) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(CHUNK, Math.max(1, length)));
            long position = first;
            long remaining = length;
            while (remaining > 0) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), remaining));
                int read = channel.read(buffer, position);
                if (read < 0) {
                    // The file shrank under us; the client sees a short body and retries.
                    throw new PxeException("boot file " + file + " became shorter while being sent");
                }
                out.write(buffer.array(), 0, read);
                position += read;
                remaining -= read;
            }
        } catch (IOException e) {
            // Mostly a client that gave up mid-transfer (iPXE retries on its own); the response is
            // already committed, so all that is left is to report it.
            throw new PxeException("sending boot file " + file + " stopped after " + response.bytesWritten()
                    + " bytes: " + e.getMessage(), e);
        }
    }
}
