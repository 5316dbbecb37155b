package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.api.ApiAuth;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Everything a conductor process is started with, read once from the command line.
 *
 * @param publicUrl how agents and boot scripts reach the API (their {@code ipa-api-url})
 * @param databaseUrl a shared PostgreSQL; the embedded SQLite store in {@code dataDir} when empty
 * @param heartbeatInterval how often this conductor marks itself alive in the store
 * @param sweepInterval how often nodes past their wait deadline are failed
 */
public record ConductorSettings(String host, int port, URI publicUrl, Path dataDir, Optional<String> databaseUrl,
        ApiAuth auth, Path bootFiles, boolean automatedClean, String name, Duration heartbeatInterval,
        Duration sweepInterval) {
}
