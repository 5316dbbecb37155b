package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassCacheTrainerTest {
    private static final String FLAGS = """
                ccstr AOTCacheOutput                           =                                           {product} {default}
                ccstr DumpLoadedClassList                      =                                           {product} {default}
                ccstr SharedArchiveFile                        =                                           {product} {default}
            """;
    @TempDir
    Path dir;
    private int trainings;

    @Test
    void appCdsTrainsWithRelativePathsThenDumpsACanonicalList() throws IOException {
        FakeCommandRunner runner = new FakeCommandRunner().on("java", this::fakeJava);

        ClassCache cache = new ClassCacheTrainer(runner).train(ClassCacheMode.APPCDS, request("key")).orElseThrow();

        assertThat(cache).isEqualTo(new ClassCache(ClassCacheMode.APPCDS, "opt/ferrum/agent/ferrum-agent.jsa",
                List.of("-XX:SharedArchiveFile=/opt/ferrum/agent/ferrum-agent.jsa"), true, 1));
        List<Command> calls = runner.calls("java");
        assertThat(calls).allSatisfy(c -> assertThat(c.workingDirectory()).contains(dir.resolve("root")));
        assertThat(calls.get(1).argv()).containsSubsequence("-XX:+UseSerialGC", "-jar", "opt/ferrum/agent/ferrum-agent.jar",
                "inventory", "--root", "/empty");
        assertThat(calls.get(2).argv()).contains("-Xshare:dump", "-XX:SharedArchiveFile=opt/ferrum/agent/ferrum-agent.jsa");
        assertThat(dir.resolve("work/canonical.classlist")).content().startsWith("# Canonical class list")
                .contains("a/B id: 0\njava/lang/Object id: 1\n");
    }

    @Test
    void aotCachesAreKeptByInputKeySoEqualInputsGiveEqualBytes() throws IOException {
        FakeCommandRunner runner = new FakeCommandRunner().on("java", this::fakeJava);
        ClassCacheTrainer trainer = new ClassCacheTrainer(runner);

        trainer.train(ClassCacheMode.AOT, request("k1"));
        byte[] first = Files.readAllBytes(dir.resolve("root/opt/ferrum/agent/ferrum-agent.aot"));
        Files.delete(dir.resolve("root/opt/ferrum/agent/ferrum-agent.aot"));
        ClassCache again = trainer.train(ClassCacheMode.AOT, request("k1")).orElseThrow();
        trainer.train(ClassCacheMode.AOT, request("k2"));

        assertThat(trainings).isEqualTo(2);
        assertThat(again.reproducible()).isFalse();
        assertThat(again.runtimeFlags()).containsExactly("-XX:AOTCache=/opt/ferrum/agent/ferrum-agent.aot");
        assertThat(dir.resolve("store/k1.aot")).hasBinaryContent(first);
        assertThat(dir.resolve("store/k2.aot")).exists();
    }

    @Test
    void noneTrainsNothing() {
        FakeCommandRunner runner = new FakeCommandRunner();

        assertThat(new ClassCacheTrainer(runner).train(ClassCacheMode.NONE, request("k"))).isEmpty();
        assertThat(runner.calls()).isEmpty();
    }

    private TrainingRequest request(String key) {
        return new TrainingRequest(dir.resolve("root"), "opt/ferrum/jre/bin/java", "opt/ferrum/agent/ferrum-agent.jar",
                "opt/ferrum/agent/ferrum-agent", List.of("-XX:+UseSerialGC"), List.of("inventory", "--root", "/empty"),
                dir.resolve("work"), dir.resolve("store"), key);
    }

    /** Plays the JVM: flags, class-list training (exit 1, as the agent does without hardware), dumps. */
    private CommandResult fakeJava(Command command) {
        try {
            Files.createDirectories(dir.resolve("work"));
            Files.createDirectories(dir.resolve("root/opt/ferrum/agent"));
            for (String arg : command.argv()) {
                if (arg.equals("-XX:+PrintFlagsFinal")) {
                    return CommandResult.success(FLAGS);
                }
                if (arg.startsWith("-XX:DumpLoadedClassList=")) {
                    trainings++;
                    Files.writeString(Path.of(arg.substring(arg.indexOf('=') + 1)), "java/lang/Object id: 0\na/B id: 7\n");
                    return new CommandResult(1, "", "error: no hardware manager supports this machine");
                }
                if (arg.startsWith("-XX:SharedArchiveFile=")) {
                    Files.writeString(command.workingDirectory().orElseThrow().resolve(arg.substring(arg.indexOf('=') + 1)), "jsa");
                    return CommandResult.success("");
                }
                if (arg.startsWith("-XX:AOTCacheOutput=")) {
                    trainings++;
                    Files.writeString(command.workingDirectory().orElseThrow().resolve(arg.substring(arg.indexOf('=') + 1)),
                            "aot " + System.nanoTime());
                    return CommandResult.success("");
                }
            }
            throw new AssertionError("unexpected java call " + command.display());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
