package dev.ferrum.imagebuilder.java;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Trains the class-data cache by running the agent on the build host with the linked runtime,
 * then writes the cache into the staged tree. See {@link ClassCacheMode} for why AppCDS is the
 * default and how the AOT cache is kept stable.
 */
public final class ClassCacheTrainer {
    private final CommandRunner runner;

    public ClassCacheTrainer(CommandRunner runner) {
        this.runner = runner;
    }

    /** The class-cache flags the staged runtime's JVM knows. */
    public JvmFeatures features(TrainingRequest request) {
        Command command = Command.of(java(request), "-XX:+PrintFlagsFinal", "-version").in(request.root());
        return JvmFeatures.parse(runner.run(command).requireSuccess(command,
                "The linked runtime does not start on this host; check the JDK (--jdk).").stdout());
    }

    public Optional<ClassCache> train(ClassCacheMode mode, TrainingRequest request) {
        return switch (mode) {
            case NONE -> Optional.empty();
            case APPCDS -> Optional.of(appCds(request));
            case AOT -> Optional.of(aot(request));
        };
    }

    private ClassCache appCds(TrainingRequest request) {
        if (!features(request).supportsAppCds()) {
            throw new ImageBuildException("this JDK cannot dump class lists; use --class-cache none");
        }
        Path rawList = request.workDirectory().resolve("training.classlist");
        Path canonicalList = request.workDirectory().resolve("canonical.classlist");
        List<String> training = new ArrayList<>(List.of(java(request)));
        training.addAll(request.jvmFlags());
        training.add("-XX:DumpLoadedClassList=" + rawList);
        training.addAll(List.of("-jar", request.agentJar()));
        training.addAll(request.trainingArguments());
        CommandResult trained = runner.run(Command.of(training).in(request.root()));
        String imagePath = request.cachePathWithoutSuffix() + ".jsa";
        try {
            if (!Files.isRegularFile(rawList)) {
                throw new ImageBuildException("the training run wrote no class list (exit code " + trained.exitCode() + ": "
                        + trained.stderr().strip() + "); check --training-args");
            }
            Files.writeString(canonicalList, ClassList.canonicalize(Files.readString(rawList)));
        } catch (IOException e) {
            throw new ImageBuildException("cannot read the training class list: " + e.getMessage(), e);
        }
        List<String> dump = new ArrayList<>(List.of(java(request)));
        dump.addAll(request.jvmFlags());
        dump.addAll(List.of("-Xshare:dump", "-XX:SharedClassListFile=" + canonicalList,
                "-XX:SharedArchiveFile=" + imagePath, "-jar", request.agentJar()));
        Command dumpCommand = Command.of(dump).in(request.root());
        runner.run(dumpCommand).requireSuccess(dumpCommand, "Build with --class-cache none to skip the class cache.");
        requireFile(request.root().resolve(imagePath), dumpCommand);
        return new ClassCache(ClassCacheMode.APPCDS, imagePath, List.of("-XX:SharedArchiveFile=/" + imagePath), true,
                trained.exitCode());
    }

    private ClassCache aot(TrainingRequest request) {
        if (!features(request).supportsAotCache()) {
            throw new ImageBuildException("this JDK has no -XX:AOTCacheOutput (JDK 25 or newer needed); use --class-cache appcds");
        }
        String imagePath = request.cachePathWithoutSuffix() + ".aot";
        Path target = request.root().resolve(imagePath);
        Path stored = request.aotStore().resolve(request.inputKey() + ".aot");
        int exitCode = 0;
        try {
            if (Files.isRegularFile(stored)) {
                Files.copy(stored, target, StandardCopyOption.REPLACE_EXISTING);
            } else {
                List<String> training = new ArrayList<>(List.of(java(request)));
                training.addAll(request.jvmFlags());
                training.add("-XX:AOTCacheOutput=" + imagePath);
                training.addAll(List.of("-jar", request.agentJar()));
                training.addAll(request.trainingArguments());
                Command command = Command.of(training).in(request.root());
                exitCode = runner.run(command).exitCode();
                requireFile(target, command);
                Files.createDirectories(request.aotStore());
                Path partial = Files.createTempFile(request.aotStore(), ".partial-", ".aot");
                Files.copy(target, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, stored, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new ImageBuildException("cannot keep the AOT cache in " + request.aotStore() + ": " + e.getMessage(), e);
        }
        return new ClassCache(ClassCacheMode.AOT, imagePath, List.of("-XX:AOTCache=/" + imagePath), false, exitCode);
    }

    private static void requireFile(Path file, Command command) {
        if (!Files.isRegularFile(file)) {
            throw new ImageBuildException("`" + command.display() + "` wrote no " + file.getFileName()
                    + "; run it by hand in the staging directory, or build with --class-cache none");
        }
    }

    private static String java(TrainingRequest request) {
        return request.root().resolve(request.javaPath()).toString();
    }
}
