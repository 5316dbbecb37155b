package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModuleDepsTest {
    @TempDir
    Path dir;

    @Test
    void runsJdepsOverAllJarsAsMultiReleaseAndReadsTheList() {
        FakeCommandRunner runner = new FakeCommandRunner().on("jdeps", c -> CommandResult.success("java.sql,java.base,java.desktop\n"));
        JavaToolchain jdk = new JavaToolchain(FakeJdk.write(dir.resolve("jdk"), "25.0.3"));

        List<String> modules = new ModuleDeps(runner, jdk).of(List.of(Path.of("a.jar"), Path.of("lib/b.jar")), 21);

        assertThat(modules).containsExactly("java.base", "java.desktop", "java.sql");
        assertThat(runner.calls().getFirst().argv()).containsExactly(jdk.tool("jdeps").toString(), "--module-path",
                "a.jar" + java.io.File.pathSeparator + "lib/b.jar", "--print-module-deps",
                "--ignore-missing-deps", "--multi-release", "21", "a.jar", "lib/b.jar");
    }

    @Test
    void theDirectListKeepsWhatTheMinimalOneLeavesImplied() {
        // jdeps --list-deps: warnings, one module a line, internal packages as module/package.
        FakeCommandRunner runner = new FakeCommandRunner().on("jdeps", c -> CommandResult.success("""
                Warning: split package: com.sun.jna file:///a/jna.jar lib/jna.jar
                   io.helidon.common.resumable/io.helidon.common.resumable
                   java.base
                   java.base/sun.nio.ch
                   java.logging
                   java.sql
                   jdk.unsupported
                """));
        JavaToolchain jdk = new JavaToolchain(FakeJdk.write(dir.resolve("jdk"), "25.0.3"));

        List<String> modules = new ModuleDeps(runner, jdk).direct(List.of(Path.of("a.jar")), 21);

        assertThat(modules).containsExactly("java.base", "java.logging", "java.sql", "jdk.unsupported");
        assertThat(runner.calls().getFirst().argv()).contains("--list-deps").doesNotContain("--print-module-deps");
    }

    @Test
    void warningsBeforeTheListAreIgnored() {
        assertThat(ModuleDeps.parse("Warning: split package: x.y\n\njava.base,java.logging\n")).containsExactly("java.base", "java.logging");
    }

    @Test
    void noListIsAnError() {
        assertThatThrownBy(() -> ModuleDeps.parse("Error: a.jar is a multi-release jar file but --multi-release option is not set\n"))
                .isInstanceOf(ImageBuildException.class).hasMessageContaining("jdeps printed no module list");
    }
}
