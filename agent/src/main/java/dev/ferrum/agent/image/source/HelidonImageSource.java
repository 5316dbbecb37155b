package dev.ferrum.agent.image.source;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.support.http.LiteralHostResolver;
import dev.ferrum.support.lang.Lazy;
import dev.ferrum.support.tls.PemCertificates;
import dev.ferrum.support.tls.PemFileException;
import io.helidon.common.tls.Tls;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import java.io.FilterInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The real {@link ImageSource}: Helidon SE WebClient over HTTP/1.1, TLS verified against the
 * runtime's trust store, a CA file, or (insecure) nothing. Asks for {@code identity} encoding so the
 * bytes hashed are the bytes published, turns userinfo in a URL into Basic authentication, and checks
 * certificates against the host as written in the URL (see {@link LiteralHostResolver}).
 */
public final class HelidonImageSource implements ImageSource {
    private final HttpSourceConfig config;
    /** The CA file's certificates, read at construction so a bad ipa-cafile is reported as early as before. */
    private final Optional<List<X509Certificate>> trusted;
    /**
     * Built at the first download: building it sets up the JVM's TLS (the trust store's ~150 certificates parsed,
     * an SSL context made), which took about 3 s of the agent's start under QEMU's TCG emulation (bench/README.md)
     * although only an https image download, long after the lookup, needs it.
     */
    private final Lazy<WebClient> client = Lazy.of(this::newClient);

    public HelidonImageSource(HttpSourceConfig config) {
        this.config = config;
        this.trusted = config.insecure() ? Optional.empty() : config.caFile().map(HelidonImageSource::certificates);
    }

    private WebClient newClient() {
        var builder = WebClient.builder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .followRedirects(true)
                .maxRedirects(10)
                .dnsResolver(new LiteralHostResolver());
        tls().ifPresent(builder::tls);
        return builder.build();
    }

    @Override
    public SourceResponse open(URI uri, ByteRange range) throws IOException {
        HttpClientRequest request = client.get().get()
                .skipUriEncoding(true)
                .uri(withoutUserInfo(uri).toString())
                .header(HeaderNames.ACCEPT_ENCODING, "identity");
        if (!range.isAll()) {
            request.header(HeaderNames.RANGE, range.header());
        }
        basicAuthorization(uri).ifPresent(a -> request.header(HeaderNames.AUTHORIZATION, a));
        HttpClientResponse response;
        try {
            response = request.request();
        } catch (RuntimeException e) {
            // Helidon reports connection and TLS failures unchecked; the contract says IOException.
            throw new IOException(e.toString(), e);
        }
        Headers h = response.headers();
        return new SourceResponse(response.status().code(), h.contentLength(), h.first(HeaderNames.CONTENT_RANGE),
                h.first(HeaderNames.ACCEPT_RANGES), h.first(HeaderNames.ETAG), h.first(HeaderNames.LAST_MODIFIED),
                new Body(response));
    }

    /** Custom TLS settings; empty means the runtime's defaults (its trust store, host name checks). */
    private Optional<Tls> tls() {
        if (config.insecure()) {
            return Optional.of(Tls.builder().trustAll(true)
                    .endpointIdentificationAlgorithm(Tls.ENDPOINT_IDENTIFICATION_NONE).build());
        }
        return trusted.map(certificates -> Tls.builder().trust(certificates).build());
    }

    private static List<X509Certificate> certificates(Path pem) {
        try {
            return PemCertificates.read(pem);
        } catch (PemFileException e) {
            if (e.problem() == PemFileException.Problem.NO_CERTIFICATES) {
                throw new ImageWriteException(Reason.INVALID_REQUEST, "CA file " + pem + " holds no certificates");
            }
            throw new ImageWriteException(Reason.INVALID_REQUEST, "cannot read CA certificates from " + pem + ": "
                    + e.getCause(), e.getCause());
        }
    }

    /** The {@code Authorization} value for a URL's userinfo ({@code user:password@}), if it has one. */
    static Optional<String> basicAuthorization(URI uri) {
        return Optional.ofNullable(uri.getRawUserInfo()).map(u ->
                "Basic " + Base64.getEncoder().encodeToString(decode(u).getBytes(StandardCharsets.UTF_8)));
    }

    private static URI withoutUserInfo(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri;
        }
        try {
            return new URI(uri.getScheme() + "://" + uri.getRawAuthority().substring(uri.getRawAuthority().indexOf('@') + 1)
                    + Optional.ofNullable(uri.getRawPath()).orElse("")
                    + Optional.ofNullable(uri.getRawQuery()).map(q -> "?" + q).orElse(""));
        } catch (URISyntaxException e) {
            throw new IllegalStateException("a valid URI lost its validity without userinfo", e);
        }
    }

    private static String decode(String rawUserInfo) {
        return java.net.URLDecoder.decode(rawUserInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** The response body; Helidon's unchecked read failures become IOExceptions, closing releases the response. */
    private static final class Body extends FilterInputStream {
        /**
         * The most asked of Helidon per read. Its client allocates a fresh buffer of the requested
         * length for every socket read, so the writer's 4 MiB chunks meant a 4 MiB allocation per
         * network packet burst and constant young GCs (measured: 5.7 s vs 1.3 s for 256 MiB). Asking
         * for at most 64 KiB keeps allocations small; the writer still combines them into large writes.
         */
        private static final int MAX_READ = 64 * 1024;

        private final HttpClientResponse response;

        Body(HttpClientResponse response) {
            super(response.inputStream());
            this.response = response;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (RuntimeException e) {
                throw new IOException(e.toString(), e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, Math.min(len, MAX_READ));
            } catch (RuntimeException e) {
                throw new IOException(e.toString(), e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                response.close();
            } catch (RuntimeException e) {
                throw new IOException(e.toString(), e);
            }
        }
    }
}
