package dev.ferrum.imagebuilder.manifest;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a build produced and from what: each output's size and sha256, the initramfs' make-up,
 * the kernel and its modules, the Java runtime and class cache, every jar and library with its
 * digest, and the tool versions that shape the bytes. Holds no host paths or build times, so
 * equal builds have equal manifests. A rootfs-only build has no initramfs and no kernel.
 */
public record Manifest(Instant mtime, List<FileRecord> outputs, long bootBytes, Optional<InitramfsInfo> initramfs,
        Optional<KernelInfo> kernel,
        JavaInfo java, List<FileRecord> agentJars, List<FileRecord> plugins, List<FileRecord> libraries,
        List<String> unresolvedLibraries, String busybox, List<String> warnings) {

    public Manifest {
        outputs = List.copyOf(outputs);
        agentJars = List.copyOf(agentJars);
        plugins = List.copyOf(plugins);
        libraries = List.copyOf(libraries);
        unresolvedLibraries = List.copyOf(unresolvedLibraries);
        warnings = List.copyOf(warnings);
    }

    /** A file by name (an output) or image path, with its size and sha256. */
    public record FileRecord(String name, long size, String sha256) {
    }

    /** The initramfs: compression, the compressor's version, entry count and unpacked size. */
    public record InitramfsInfo(String compression, String compressor, int entries, long cpioBytes, long contentBytes) {
    }

    /** The kernel: version, origin, modules in load order, requested-but-built-in, requested-but-missing. */
    public record KernelInfo(String version, String origin, List<String> modules, List<String> builtIn, List<String> missing) {
        public KernelInfo {
            modules = List.copyOf(modules);
            builtIn = List.copyOf(builtIn);
            missing = List.copyOf(missing);
        }
    }

    /** The runtime: JDK, modules (found and linked), jlink compression, class cache and the agent command. */
    public record JavaInfo(String jdk, List<String> jdepsModules, List<String> linkedModules, String jlinkCompress,
            List<String> jlinkExcludes, String classCache, String classCachePath, boolean classCacheReproducible,
            List<String> agentCommand) {
        public JavaInfo {
            jdepsModules = List.copyOf(jdepsModules);
            linkedModules = List.copyOf(linkedModules);
            jlinkExcludes = List.copyOf(jlinkExcludes);
            agentCommand = List.copyOf(agentCommand);
        }
    }
}
