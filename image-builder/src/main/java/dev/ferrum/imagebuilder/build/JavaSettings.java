package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * How the Java runtime is made.
 *
 * @param jdkHome the JDK to link from; the runtime has its version
 * @param release the release jdeps analyses multi-release jars for
 * @param jvmFlags the agent's JVM flags, also used to train the class cache
 */
public record JavaSettings(Path jdkHome, int release, JlinkOptions jlink, ClassCacheMode classCache, List<String> jvmFlags) {

    /**
     * Serial GC (smallest footprint, no GC threads to start), C1 only (the agent is short-lived and
     * start-up bound, and C2 compiles are slow under emulation), no perf-data file in /tmp.
     */
    public static final List<String> DEFAULT_JVM_FLAGS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData");

    public JavaSettings {
        jvmFlags = List.copyOf(jvmFlags);
    }
}
