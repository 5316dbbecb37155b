package dev.ferrum.conductor.fleet;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How to start a conductor JVM for the benchmark: the {@code java} binary, the class path holding
 * {@code dev.ferrum.conductor.Main} (the built jar, or a test's own class path), JVM options, the
 * embedded store's data directory or a PostgreSQL JDBC URL, and where its output goes.
 */
record ConductorLaunch(Path java, String classPath, List<String> jvmOptions, Path dataDir,
                       Optional<String> databaseUrl, Path log) {

    ConductorLaunch {
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** This JVM's own {@code java} and class path: what a test that has the conductor on its class path uses. */
    static ConductorLaunch sameJvm(Path dataDir, Path log) {
        return new ConductorLaunch(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), List.of("--enable-native-access=ALL-UNNAMED"), dataDir,
                Optional.empty(), log);
    }

    ConductorLaunch withDataDir(Path dir) {
        return new ConductorLaunch(java, classPath, jvmOptions, dir, databaseUrl, log);
    }
}
