package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JlinkerTest {
    @TempDir
    Path dir;

    @Test
    void addsTheEllipticCurveProviderOnlyBeforeJdk22() {
        JlinkOptions options = new JlinkOptions(List.of("jdk.zipfs"), "zip-0", List.of());
        FakeCommandRunner runner = new FakeCommandRunner();

        List<String> on21 = new Jlinker(runner, new JavaToolchain(FakeJdk.write(dir.resolve("21"), "21.0.8"))).modules(List.of("java.base"), options);
        List<String> on25 = new Jlinker(runner, new JavaToolchain(FakeJdk.write(dir.resolve("25"), "25.0.3"))).modules(List.of("java.base"), options);

        assertThat(on21).containsExactly("java.base", "jdk.crypto.ec", "jdk.zipfs");
        assertThat(on25).containsExactly("java.base", "jdk.zipfs");
    }

    @Test
    void leavesOutTheModulesTheAgentNeverLoadsUnlessAskedForByName() {
        JavaToolchain jdk = new JavaToolchain(FakeJdk.write(dir.resolve("25"), "25.0.3"));
        List<String> direct = List.of("java.base", "java.datatransfer", "java.desktop", "java.logging", "java.management",
                "java.sql", "java.xml", "jdk.unsupported");

        List<String> linked = new Jlinker(new FakeCommandRunner(), jdk).modules(direct, JlinkOptions.defaults());
        List<String> withXml = new Jlinker(new FakeCommandRunner(), jdk).modules(direct,
                new JlinkOptions(List.of("java.xml"), "zip-0", List.of(), JlinkOptions.UNUSED_BY_THE_AGENT));

        assertThat(linked).containsExactly("java.base", "java.logging", "java.management", "jdk.unsupported");
        assertThat(withXml).containsExactly("java.base", "java.logging", "java.management", "java.xml", "jdk.unsupported");
    }

    @Test
    void linksWithTheChosenOptionsAndStripsEverySharedLibrary() {
        JavaToolchain jdk = new JavaToolchain(FakeJdk.write(dir.resolve("jdk"), "25.0.3"));
        Path output = dir.resolve("jre");
        FakeCommandRunner runner = new FakeCommandRunner()
                .on("jlink", c -> {
                    try {
                        Files.createDirectories(output.resolve("lib/server"));
                        Files.writeString(output.resolve("lib/server/libjvm.so"), "jvm");
                        Files.writeString(output.resolve("lib/libjava.so"), "java");
                        Files.writeString(output.resolve("lib/modules"), "image");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return CommandResult.success("");
                })
                .on("strip", c -> CommandResult.success(""));

        new Jlinker(runner, jdk).link(List.of("java.base", "java.sql"), JlinkOptions.defaults(), output);

        assertThat(runner.calls("jlink").getFirst().argv()).containsSubsequence("--add-modules", "java.base,java.sql",
                "--strip-debug", "--no-header-files", "--no-man-pages", "--compress", "zip-0", "--output", output.toString());
        assertThat(runner.calls("jlink").getFirst().argv()).anySatisfy(a -> assertThat(a).startsWith("--exclude-files=**/libawt_xawt.so,"));
        assertThat(runner.calls("strip").getFirst().argv()).containsExactly("strip", "--strip-unneeded",
                output.resolve("lib/libjava.so").toString(), output.resolve("lib/server/libjvm.so").toString());
    }
}
