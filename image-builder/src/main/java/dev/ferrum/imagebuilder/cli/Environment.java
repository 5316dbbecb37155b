package dev.ferrum.imagebuilder.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * What Main read from the process environment, handed to the commands as defaults so that no
 * other class reads environment variables or system properties.
 *
 * @param sourceDateEpoch SOURCE_DATE_EPOCH, when set
 * @param javaHome the JDK running the builder (the default to link from)
 * @param cacheDirectory the default build cache (~/.cache/ferrum)
 */
public record Environment(Optional<Instant> sourceDateEpoch, Path javaHome, Path cacheDirectory) {
}
