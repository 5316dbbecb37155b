package dev.ferrum.agent.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How the agent verifies HTTPS servers (conductor, inspector, image stores): skip verification
 * ({@code ipa-insecure}), trust a CA bundle, and optionally present a client certificate.
 */
public record TlsSettings(boolean insecure, Optional<Path> caFile, Optional<Path> certFile, Optional<Path> keyFile) {

    public static final TlsSettings DEFAULT = new TlsSettings(false, Optional.empty(), Optional.empty(), Optional.empty());
}
