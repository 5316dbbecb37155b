package dev.ferrum.agent.config;

import java.time.Duration;

/**
 * Image download behaviour (IPA's {@code ipa-image-download-connection-*}): connection timeout,
 * how many times a failed connection or a dropped transfer is retried, and the wait between tries.
 */
public record ImageDownloadSettings(Duration connectionTimeout, int retries, Duration retryInterval) {

    public static final ImageDownloadSettings DEFAULT =
            new ImageDownloadSettings(Duration.ofSeconds(60), 9, Duration.ofSeconds(10));
}
