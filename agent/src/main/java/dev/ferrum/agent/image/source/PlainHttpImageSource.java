package dev.ferrum.agent.image.source;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Image downloads over plain {@code http://}: a minimal HTTP/1.1 GET (optionally with Range) on a
 * socket of its own, following redirects; {@code https://} URLs, and redirects to them, go to the
 * TLS-capable {@code tls} source (Helidon, with the agent's trust settings).
 *
 * <p>Why not Helidon for these too: image bodies are hundreds of MiB to tens of GiB and the writer
 * was bounded by the client's per-read cost (a buffer allocated per socket read, then
 * {@code DataReader.available()} walking its buffer list; see agent/bench/README.md). Here a body
 * read goes from the socket straight into the caller's array. It does only what image downloads
 * need: one request per connection ({@code Connection: close}), bodies framed by
 * {@code Content-Length}, chunked coding or the connection's end, no content coding (it asks for
 * {@code identity}), Basic authentication from the URL's userinfo (sent to the same origin only).
 */
public final class PlainHttpImageSource implements ImageSource {
    static final int MAX_REDIRECTS = 10;

    private final HttpSourceConfig config;
    private final ImageSource tls;

    public PlainHttpImageSource(HttpSourceConfig config, ImageSource tls) {
        this.config = Objects.requireNonNull(config);
        this.tls = Objects.requireNonNull(tls);
    }

    /** The agent's image source: this for {@code http}, {@link HelidonImageSource} for {@code https}. */
    public static ImageSource withHelidonForTls(HttpSourceConfig config) {
        return new PlainHttpImageSource(config, new HelidonImageSource(config));
    }

    @Override
    public SourceResponse open(URI uri, ByteRange range) throws IOException {
        URI current = uri;
        Optional<String> authorization = HelidonImageSource.basicAuthorization(uri);
        for (int redirects = 0; ; redirects++) {
            String scheme = Optional.ofNullable(current.getScheme()).orElse("").toLowerCase(Locale.ROOT);
            if (!scheme.equals("http")) {
                // https (the TLS source checks certificates); anything else it refuses as it always did.
                return tls.open(current, range);
            }
            Socket socket = connect(current);
            try {
                socket.getOutputStream().write(request(current, range, authorization));
                HttpInput in = new HttpInput(socket.getInputStream());
                ResponseHead head = ResponseHead.read(in);
                if (!head.isRedirect()) {
                    return new SourceResponse(head.status(), head.contentLength(), head.contentRange(), head.acceptRanges(),
                            head.etag(), head.lastModified(), new HttpBody(socket, in, head));
                }
                socket.close();
                if (redirects == MAX_REDIRECTS) {
                    throw new IOException("more than " + MAX_REDIRECTS + " redirects");
                }
                URI next = resolve(current, head.location().orElseThrow());
                if (next.getRawUserInfo() != null) {
                    authorization = HelidonImageSource.basicAuthorization(next);
                } else if (!sameOrigin(current, next)) {
                    // Credentials for one server are not handed to another.
                    authorization = Optional.empty();
                }
                current = next;
            } catch (IOException | RuntimeException e) {
                socket.close();
                throw e;
            }
        }
    }

    private Socket connect(URI uri) throws IOException {
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new IOException("URL has no host: " + uri.getScheme() + "://" + Optional.ofNullable(uri.getRawAuthority()).orElse(""));
        }
        String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        IOException failure = null;
        for (InetAddress address : InetAddress.getAllByName(literal)) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(address, port), (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()));
                // A read that blocks this long counts as a dropped connection (ResumableStream resumes it).
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, config.readTimeout().toMillis()));
                socket.setTcpNoDelay(true);
                return socket;
            } catch (IOException e) {
                socket.close();
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        throw Objects.requireNonNull(failure, "a host name resolved to no address");
    }

    private static byte[] request(URI uri, ByteRange range, Optional<String> authorization) {
        String authority = uri.getRawAuthority();
        String hostPort = authority.substring(authority.indexOf('@') + 1);
        String path = Optional.ofNullable(uri.getRawPath()).filter(p -> !p.isEmpty()).orElse("/");
        StringBuilder r = new StringBuilder(256)
                .append("GET ").append(path).append(uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(hostPort).append("\r\n")
                .append("User-Agent: ferrum-agent\r\n")
                .append("Accept-Encoding: identity\r\n")
                .append("Connection: close\r\n");
        if (!range.isAll()) {
            r.append("Range: ").append(range.header()).append("\r\n");
        }
        authorization.ifPresent(a -> r.append("Authorization: ").append(a).append("\r\n"));
        return r.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static URI resolve(URI base, String location) throws IOException {
        try {
            return base.resolve(new URI(location.trim()));
        } catch (URISyntaxException e) {
            throw new IOException("redirect to an invalid URL: " + e.getMessage(), e);
        }
    }

    private static boolean sameOrigin(URI a, URI b) {
        return Objects.equals(a.getScheme(), b.getScheme()) && Objects.equals(a.getHost(), b.getHost())
                && effectivePort(a) == effectivePort(b);
    }

    private static int effectivePort(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}
