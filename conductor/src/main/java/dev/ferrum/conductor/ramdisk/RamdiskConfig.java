package dev.ferrum.conductor.ramdisk;

import java.util.List;
import java.util.Objects;

/**
 * What lookup tells the agent and allows: {@code heartbeat_timeout} in seconds (Ironic's
 * {@code ramdisk_heartbeat_timeout}, default 300), whether fast track lets agents in stable states
 * look up, and the image formats the agent may write.
 */
public record RamdiskConfig(int heartbeatTimeoutSeconds, boolean fastTrack, List<String> permittedImageFormats) {

    public RamdiskConfig {
        if (heartbeatTimeoutSeconds <= 0) {
            throw new IllegalArgumentException("heartbeat timeout must be positive, got " + heartbeatTimeoutSeconds);
        }
        permittedImageFormats = List.copyOf(Objects.requireNonNull(permittedImageFormats));
    }

    public static RamdiskConfig defaults() {
        return new RamdiskConfig(300, false, List.of("raw", "qcow2", "iso"));
    }
}
