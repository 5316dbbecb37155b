package dev.ferrum.agent.image;

import java.net.URI;

/**
 * Renders image URLs for messages and logs without their userinfo, query or fragment: image URLs
 * often carry credentials or signed tokens (Swift temp URLs, presigned S3 URLs) there.
 */
public final class SafeUrl {
    private SafeUrl() {
    }

    /** {@code scheme://host[:port]/path}, nothing that could be a secret. */
    public static String redact(URI uri) {
        StringBuilder b = new StringBuilder();
        if (uri.getScheme() != null) {
            b.append(uri.getScheme()).append("://");
        }
        if (uri.getHost() != null) {
            b.append(uri.getHost());
            if (uri.getPort() >= 0) {
                b.append(':').append(uri.getPort());
            }
        }
        if (uri.getRawPath() != null) {
            b.append(uri.getRawPath());
        }
        if (uri.getRawQuery() != null) {
            b.append("?…");
        }
        return b.toString();
    }
}
