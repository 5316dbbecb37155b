package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.java.ClassCache;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The Java part of the image, staged on disk under {@code root/opt/ferrum}: the linked runtime,
 * the agent jars, baked-in plugins and the trained class cache.
 *
 * @param jdepsModules what jdeps found
 * @param linkedModules what was linked (jdeps' list plus extras)
 */
public record StagedJava(Path root, String jdkDescription, List<String> jdepsModules, List<String> linkedModules,
        Optional<ClassCache> classCache) {

    public StagedJava {
        jdepsModules = List.copyOf(jdepsModules);
        linkedModules = List.copyOf(linkedModules);
    }
}
