package dev.ferrum.agent.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.AcmeFixture;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.ProviderFailure;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.SupportLevel;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginLoaderTest {

    @TempDir
    Path temp;

    @Test
    void findsAVendorPluginJarOnTheClassPathWithoutRebuildingTheAgent() throws IOException {
        // Agent tests run on the class path, so the SPI is unnamed and the loader uses META-INF/services.
        assertThat(HardwareManager.class.getModule().isNamed()).isFalse();

        var discovered = new PluginLoader(getClass().getClassLoader()).discover(List.of(AcmeFixture.pluginDir()));

        assertThat(discovered.managers()).extracting(HardwareManager::name).contains("acme");
        var registry = HardwareManagerRegistry.select(discovered,
                new MachineContext(AcmeFixture.acmeMachine(temp, "T-1"), new FakeCommandRunner()));
        assertThat(registry.managers()).first().satisfies(first -> {
            assertThat(first.name()).isEqualTo("acme");
            assertThat(first.support()).isEqualTo(SupportLevel.VENDOR);
        });
    }

    @Test
    void withoutPluginDirectoriesOnlyBoundManagersAreFound() {
        var discovered = new PluginLoader(getClass().getClassLoader()).discover(List.of());

        assertThat(discovered.managers()).extracting(HardwareManager::name).doesNotContain("acme");
    }

    @Test
    void aMissingPluginDirectoryIsReportedNotFatal() {
        Path missing = temp.resolve("no-such-dir");

        var discovered = new PluginLoader(getClass().getClassLoader()).discover(List.of(missing));

        assertThat(discovered.failures()).extracting(ProviderFailure::provider).contains(missing.toString());
    }

    @Test
    void brokenProvidersAreCapturedAndTheOthersStillLoad() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        writeServicesJar(plugins.resolve("broken.jar"),
                ThrowingManager.class.getName() + "\ncom.example.DoesNotExist\n");
        Files.copy(AcmeFixture.pluginDir().resolve("ferrum-hardware-manager-example.jar"),
                plugins.resolve("ferrum-hardware-manager-example.jar"));

        var discovered = new PluginLoader(getClass().getClassLoader()).discover(List.of(plugins));

        assertThat(discovered.managers()).extracting(HardwareManager::name).contains("acme");
        assertThat(discovered.failures()).extracting(ProviderFailure::problem)
                .anySatisfy(p -> assertThat(p).contains("firmware library missing"))
                .anySatisfy(p -> assertThat(p).contains("com.example.DoesNotExist"));
    }

    private static void writeServicesJar(Path jar, String services) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("META-INF/services/" + HardwareManager.class.getName()));
            out.write(services.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }

    /** A provider whose constructor fails, as one with a missing native library would. */
    public static final class ThrowingManager extends NoOpManager {
        public ThrowingManager() {
            throw new IllegalStateException("firmware library missing");
        }
    }

    /** Minimal manager base for the provider above. */
    public abstract static class NoOpManager implements HardwareManager {
        @Override
        public String name() {
            return "noop";
        }

        @Override
        public String version() {
            return "0";
        }

        @Override
        public SupportLevel evaluateSupport(MachineContext machine) {
            return SupportLevel.NONE;
        }
    }

}
