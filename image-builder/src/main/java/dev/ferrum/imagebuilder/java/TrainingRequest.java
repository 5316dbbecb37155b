package dev.ferrum.imagebuilder.java;

import java.nio.file.Path;
import java.util.List;

/**
 * What a class-cache training run needs. It runs with {@code root} (the staged image tree) as
 * working directory and image-relative paths, so nothing about the build directory leaks into
 * the cache; the jars already carry the image's fixed mtime, which the cache records and the JVM
 * checks at run time.
 *
 * @param root the staged tree holding the linked runtime and the agent jars
 * @param javaPath the image path of the runtime's {@code java} ({@code opt/ferrum/jre/bin/java})
 * @param agentJar the image path of the agent jar
 * @param cachePathWithoutSuffix the image path of the cache file without {@code .jsa}/{@code .aot}
 * @param jvmFlags the run-time JVM flags; training uses the same ones
 * @param trainingArguments the agent command line that exercises its start path
 * @param workDirectory scratch space for class lists
 * @param aotStore where trained AOT caches are kept by {@code inputKey}
 * @param inputKey a digest of everything that determines the cache (runtime, jars, flags, arguments)
 */
public record TrainingRequest(Path root, String javaPath, String agentJar, String cachePathWithoutSuffix,
        List<String> jvmFlags, List<String> trainingArguments, Path workDirectory, Path aotStore, String inputKey) {

    public TrainingRequest {
        jvmFlags = List.copyOf(jvmFlags);
        trainingArguments = List.copyOf(trainingArguments);
    }
}
