package dev.ferrum.agent.partition;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

/**
 * Fetches a config drive Ironic gave as a URL. The command layer implements it with the agent's
 * HTTP client (TLS settings, timeouts, proxies); this package only reads the stream it returns.
 */
@FunctionalInterface
public interface ConfigDriveDownloader {

    /**
     * Opens the body of {@code url}. Fail with an exception whose message names the URL and the
     * HTTP status for a non-2xx answer, as IPA does, rather than returning an error page.
     */
    InputStream open(URI url) throws IOException;
}
