package dev.ferrum.conductor.fleet;

import java.nio.file.Path;
import java.util.List;

/**
 * How to start a conductor JVM for the benchmark: the {@code java} binary, the class path holding
 * {@code dev.ferrum.conductor.Main} (the built jar, or a test's own class path), JVM options, the
 * embedded store's data directory, where its output goes, and further conductor options (a shared
 * {@code --database-url}, a {@code --name}).
 */
record ConductorLaunch(Path java, String classPath, List<String> jvmOptions, Path dataDir, Path log,
                       List<String> conductorOptions) {

    ConductorLaunch {
        jvmOptions = List.copyOf(jvmOptions);
        conductorOptions = List.copyOf(conductorOptions);
    }

    /** With the conductor's default options (embedded store, named fleet-bench). */
    ConductorLaunch(Path java, String classPath, List<String> jvmOptions, Path dataDir, Path log) {
        this(java, classPath, jvmOptions, dataDir, log, List.of());
    }

    /** This JVM's own {@code java} and class path: what a test that has the conductor on its class path uses. */
    static ConductorLaunch sameJvm(Path dataDir, Path log) {
        return new ConductorLaunch(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), List.of("--enable-native-access=ALL-UNNAMED"), dataDir, log);
    }
}
