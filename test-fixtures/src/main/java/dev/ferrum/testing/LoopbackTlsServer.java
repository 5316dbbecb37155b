package dev.ferrum.testing;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;

/**
 * An HTTPS server on loopback whose self-signed certificate (a {@link TestCertificate}) names only
 * {@code IP:127.0.0.1}, and that certificate as a PEM CA file: what a BMC, an agent or a conductor
 * reached by IP literal presents. Close it to stop the server.
 */
public final class LoopbackTlsServer implements AutoCloseable {
    private final HttpsServer server;
    private final TestCertificate certificate;

    private LoopbackTlsServer(HttpsServer server, TestCertificate certificate) {
        this.server = server;
        this.certificate = certificate;
    }

    /** Starts a server answering {@code path} (and below) with {@code handler}; key material goes to {@code dir}. */
    public static LoopbackTlsServer start(Path dir, String path, HttpHandler handler) {
        return start(TestCertificate.issue(dir, "server"), path, handler);
    }

    /** Starts a server presenting {@code certificate}, answering {@code path} (and below) with {@code handler}. */
    public static LoopbackTlsServer start(TestCertificate certificate, String path, HttpHandler handler) {
        try {
            HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setHttpsConfigurator(new HttpsConfigurator(certificate.serverContext()));
            server.createContext(path, handler);
            server.start();
            return new LoopbackTlsServer(server, certificate);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The certificate to trust, as a PEM file. */
    public Path caFile() {
        return certificate.pemFile();
    }

    /** The certificate the server presents. */
    public TestCertificate certificate() {
        return certificate;
    }

    /** The port the server listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code https://<host>:<port>}, e.g. host {@code 127.0.0.1} (matches) or {@code localhost} (does not). */
    public String url(String host) {
        return "https://" + host + ":" + port();
    }

    /** {@link #url(String)} as a URI. */
    public URI uri(String host) {
        return URI.create(url(host));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
