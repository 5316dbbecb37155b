package dev.ferrum.agent.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.AcmeFixture;
import dev.ferrum.agent.Main;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the agent in a child JVM with the SPI, protocol and Jackson on the module path, as in the
 * jlinked ramdisk, so vendor plugins are loaded as a module layer through {@code provides}.
 */
class ModulePathPluginTest {

    @TempDir
    Path temp;

    @Test
    void theAgentLoadsAPluginJarAsAModuleWhenTheSpiIsAModule() throws Exception {
        List<String> classPath = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        List<String> modulePath = classPath.stream().filter(ModulePathPluginTest::isModularDependency).toList();
        List<String> rest = classPath.stream().filter(entry -> !modulePath.contains(entry)).toList();
        assertThat(modulePath).anyMatch(p -> p.contains("spi")).anyMatch(p -> p.contains("protocol"));

        Path root = AcmeFixture.acmeMachine(temp, "RACK1-U2");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java,
                "--module-path", String.join(File.pathSeparator, modulePath),
                "--add-modules", "dev.ferrum.hardware.spi",
                "-cp", String.join(File.pathSeparator, rest),
                Main.class.getName(), "inventory", "--managers",
                "--root", root.toString(), "--plugins", AcmeFixture.pluginDir().toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("agent finished").isTrue();

            assertThat(output).containsPattern("acme\\s+VENDOR\\s+1\\.0");
            assertThat(process.exitValue()).as(output).isZero();
        } finally {
            process.destroyForcibly();
        }
    }

    /** The modular jars the SPI needs; the agent itself and picocli stay on the class path. */
    private static boolean isModularDependency(String entry) {
        String name = Path.of(entry).getFileName().toString();
        String full = entry.replace('\\', '/');
        return name.startsWith("jackson-") || name.startsWith("ferrum-protocol") || name.startsWith("ferrum-hardware-manager-spi")
                || name.startsWith("ferrum-support") || full.contains("/support/target/classes")
                || full.contains("/protocol/target/classes") || full.contains("/hardware-managers/spi/target/classes");
    }

}
