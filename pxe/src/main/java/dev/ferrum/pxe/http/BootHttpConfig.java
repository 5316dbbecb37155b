package dev.ferrum.pxe.http;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.RetryPolicy;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of {@link BootFileService}: the public URL under which its routes are reachable from
 * booting machines (e.g. {@code http://10.20.0.1:8080/boot}, matching where it is mounted), the
 * directory whose files it serves under {@code files/}, how the default script retries fetching
 * the per-MAC one, and how long an unknown machine shows its message before moving on.
 */
public record BootHttpConfig(HttpUrl publicUrl, Path filesDirectory, RetryPolicy chainRetry, Duration unknownMachinePause) {

    public BootHttpConfig {
        if (!filesDirectory.isAbsolute()) {
            throw new PxeException("boot files directory '" + filesDirectory + "' must be an absolute path");
        }
        if (unknownMachinePause.isNegative() || unknownMachinePause.toSeconds() > 3600
                || unknownMachinePause.toNanos() % 1_000_000_000L != 0) {
            throw new PxeException("unknown-machine pause must be whole seconds 0..3600 (iPXE sleeps in seconds), not "
                    + unknownMachinePause);
        }
    }

    /** Standard retries and a ten-second pause for unknown machines. */
    public static BootHttpConfig of(HttpUrl publicUrl, Path filesDirectory) {
        return new BootHttpConfig(publicUrl, filesDirectory, RetryPolicy.standard(), Duration.ofSeconds(10));
    }

    /** Where the files under {@link #filesDirectory()} are reachable, for kernel and initrd URLs. */
    public HttpUrl filesUrl() {
        return publicUrl.resolve(BootFileService.FILES + "/");
    }
}
