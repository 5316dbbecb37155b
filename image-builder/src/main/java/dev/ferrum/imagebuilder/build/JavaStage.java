package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.java.ClassCache;
import dev.ferrum.imagebuilder.java.ClassCacheTrainer;
import dev.ferrum.imagebuilder.java.JavaToolchain;
import dev.ferrum.imagebuilder.java.Jlinker;
import dev.ferrum.imagebuilder.java.ModuleDeps;
import dev.ferrum.imagebuilder.java.TrainingConductor;
import dev.ferrum.imagebuilder.java.TrainingMachine;
import dev.ferrum.imagebuilder.java.TrainingRequest;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import dev.ferrum.imagebuilder.plan.PlanEntry;
import dev.ferrum.imagebuilder.rootfs.ImageLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Stages the Java part of the image in a scratch directory laid out like the image: jdeps, jlink,
 * copy the jars, give every file the image's mtime (the class cache records the jars' mtimes and
 * the JVM checks them at run time, so they must match the archive's), then train the class cache
 * in place, against a made-up machine root and a loopback stand-in conductor
 * ({@link TrainingMachine}, {@link TrainingConductor}).
 */
public final class JavaStage {
    private final CommandRunner runner;

    public JavaStage(CommandRunner runner) {
        this.runner = runner;
    }

    public StagedJava stage(AgentInput agent, JavaSettings settings, Path work, Path cacheDirectory, Instant mtime) {
        JavaToolchain jdk = new JavaToolchain(settings.jdkHome());
        List<Path> jars = agent.jars();
        ModuleDeps deps = new ModuleDeps(runner, jdk);
        List<String> found = deps.of(jars, settings.release());
        Jlinker jlinker = new Jlinker(runner, jdk);
        List<String> modules = jlinker.modules(settings.jlink().unusedModules().isEmpty() ? found
                : deps.direct(jars, settings.release()), settings.jlink());
        Path root = work.resolve("java-root");
        try {
            Files.createDirectories(root.resolve(ImageLayout.FERRUM));
            jlinker.link(modules, settings.jlink(), root.resolve(ImageLayout.JRE));
            copy(agent.jar(), root.resolve(ImageLayout.AGENT).resolve(agent.jarName()));
            for (Path library : agent.libraries()) {
                copy(library, root.resolve(ImageLayout.AGENT_LIB).resolve(library.getFileName()));
            }
            Set<String> pluginNames = new HashSet<>();
            for (Path plugin : agent.pluginJars()) {
                if (!pluginNames.add(plugin.getFileName().toString())) {
                    throw new ImageBuildException("two plugin jars are named " + plugin.getFileName() + "; rename one");
                }
                copy(plugin, root.resolve(ImageLayout.PLUGINS).resolve(plugin.getFileName()));
            }
            setTimes(root, mtime);
            Path trainingRoot = Files.createDirectories(work.resolve("training-root"));
            Optional<ClassCache> cache;
            try (TrainingConductor conductor = TrainingConductor.start(trainingRoot.toString())) {
                TrainingMachine.layOut(trainingRoot, conductor);
                TrainingRequest request = new TrainingRequest(root, ImageLayout.JAVA,
                        ImageLayout.AGENT + "/" + agent.jarName(), ImageLayout.CLASS_CACHE_WITHOUT_SUFFIX, settings.jvmFlags(),
                        agent.trainingArguments().stream().map(a -> a.replace(AgentInput.TRAINING_ROOT, trainingRoot.toString())).toList(),
                        work, cacheDirectory.resolve("aot"), inputKey(root, settings, agent, jdk));
                // Stopped by the conductor after its first heartbeat, as intended: the run is complete, not failed.
                cache = new ClassCacheTrainer(runner).train(settings.classCache(), request)
                        .map(trained -> conductor.stoppedTheAgent() ? trained.completed() : trained);
            }
            setTimes(root, mtime);
            String jdkDescription = jdk.releaseProperty("IMPLEMENTOR") + " " + jdk.releaseProperty("JAVA_RUNTIME_VERSION");
            return new StagedJava(root, jdkDescription.strip(), found, modules, cache);
        } catch (IOException e) {
            throw new ImageBuildException("cannot stage the Java runtime in " + root + ": " + e.getMessage(), e);
        }
    }

    /**
     * Everything the AOT cache depends on, hashed: the staged tree's files, the flags and the
     * training command (before the scratch path is filled in) and the JDK's version.
     */
    private static String inputKey(Path root, JavaSettings settings, AgentInput agent, JavaToolchain jdk) {
        StringBuilder key = new StringBuilder();
        for (PlanEntry entry : new PlanBuilder().tree("x", root).build(Instant.EPOCH).entries()) {
            key.append(switch (entry) {
                case PlanEntry.RegularFile file -> file.path() + " " + file.mode() + " " + file.sha256();
                case PlanEntry.Symlink link -> link.path() + " -> " + link.target();
                default -> entry.path();
            }).append('\n');
        }
        key.append(settings.jvmFlags()).append('\n').append(agent.trainingArguments()).append('\n')
                .append(jdk.releaseProperty("JAVA_RUNTIME_VERSION")).append('\n');
        return PlanBuilder.sha256(key.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void copy(Path source, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void setTimes(Path root, Instant mtime) throws IOException {
        FileTime time = FileTime.from(mtime);
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = new ArrayList<>(walk.filter(p -> !Files.isSymbolicLink(p)).toList());
        }
        for (Path path : paths.reversed()) {
            Files.setLastModifiedTime(path, time);
        }
    }
}
