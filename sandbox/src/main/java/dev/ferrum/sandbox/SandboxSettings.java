package dev.ferrum.sandbox;

import java.nio.file.Path;

/**
 * What a sandbox is started with, read once by {@link SandboxMain}.
 *
 * @param port the conductor API's port; 0 picks a free one
 * @param dataDir where the store, machine roots and disks live; must not hold an earlier sandbox
 * @param imageBytes the size of the generated sample image
 */
public record SandboxSettings(int machines, int port, Path dataDir, int imageBytes) {

    public SandboxSettings {
        if (machines < 1 || machines > 50) {
            throw new IllegalArgumentException("--machines must be 1-50, got " + machines);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be 0-65535, got " + port);
        }
    }
}
