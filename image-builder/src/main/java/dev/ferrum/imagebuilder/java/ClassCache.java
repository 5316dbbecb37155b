package dev.ferrum.imagebuilder.java;

import java.util.List;

/**
 * A trained class-data cache inside the image: its mode, its path in the image, the JVM flags that
 * use it at run time, whether its bytes are reproducible, and the training run's exit code (a
 * non-zero code still leaves a usable cache, but the build reports it; 0 when the builder stopped
 * the run itself after its first heartbeat, as it does by design).
 */
public record ClassCache(ClassCacheMode mode, String imagePath, List<String> runtimeFlags, boolean reproducible,
        int trainingExitCode) {

    public ClassCache {
        runtimeFlags = List.copyOf(runtimeFlags);
    }

    /** The same cache from a training run that ended as intended (stopped after its first heartbeat). */
    public ClassCache completed() {
        return new ClassCache(mode, imagePath, runtimeFlags, reproducible, 0);
    }
}
