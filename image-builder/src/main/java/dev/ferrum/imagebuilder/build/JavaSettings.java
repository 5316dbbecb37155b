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
     *
     * <p>Compile thresholds ten times the default: a boot runs most of the agent's code once, and every method
     * the JIT compiles is new machine code that an emulated CPU (QEMU's TCG, the CI's and many labs' virtual
     * bare metal) must translate again before it runs. Measured in TCG boots of the same ramdisk (bench/README.md,
     * 2026-11-27 16:45): JVM start to the agent's first line 19.2 and 19.3 s by default, 10.6 and 12.6 s with
     * the scaling; 937 methods compiled in the host's first five seconds, 354 with it. Loops that matter later
     * (image writes, checksums) still reach compiled code after a few milliseconds on real hardware.
     */
    public static final List<String> DEFAULT_JVM_FLAGS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:CompileThresholdScaling=10", "-XX:-UsePerfData");

    public JavaSettings {
        jvmFlags = List.copyOf(jvmFlags);
    }
}
