package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The agent as built by Maven: {@code <directory>/<jarName>} beside {@code lib/} with every runtime
 * jar (the jar's manifest class path points there), optional plugin jars baked into the image,
 * the agent command /init runs, and the command the class-cache training runs.
 *
 * @param trainingArguments may contain {@code {training-root}}, replaced by a made-up machine root
 *     ({@link dev.ferrum.imagebuilder.java.TrainingMachine}), so the default
 *     {@link #DEFAULT_TRAINING_ARGUMENTS} reads no host hardware
 */
public record AgentInput(Path directory, String jarName, List<Path> pluginJars, List<String> runArguments,
        List<String> trainingArguments) {

    public static final String TRAINING_ROOT = "{training-root}";

    /**
     * The agent's boot path, run against the builder's stand-in conductor until its first heartbeat
     * (inspection, lookup, command API, heartbeat), so the class cache holds what a booting agent loads.
     */
    public static final List<String> DEFAULT_TRAINING_ARGUMENTS = List.of("run", "--root", TRAINING_ROOT);

    public AgentInput {
        pluginJars = List.copyOf(pluginJars);
        runArguments = List.copyOf(runArguments);
        trainingArguments = List.copyOf(trainingArguments);
    }

    public Path jar() {
        return directory.resolve(jarName);
    }

    /** The jar and then the runtime jars in lib/, sorted; fails with what to build when absent. */
    public List<Path> jars() {
        if (!Files.isRegularFile(jar())) {
            throw new ImageBuildException("no agent jar at " + jar() + "; build the agent first (./mvnw -pl agent -am package) "
                    + "or pass --agent-dir");
        }
        List<Path> jars = new ArrayList<>(List.of(jar()));
        jars.addAll(libraries());
        return jars;
    }

    public List<Path> libraries() {
        Path lib = directory.resolve("lib");
        if (!Files.isDirectory(lib)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(lib)) {
            return list.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new ImageBuildException("cannot list " + lib + ": " + e.getMessage(), e);
        }
    }
}
