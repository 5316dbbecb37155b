package dev.ferrum.hardware.generic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.spi.HardwareManager;
import org.junit.jupiter.api.Test;

class DiscoveryTest {

    @Test
    void serviceLoaderFindsTheGenericManager() {
        HardwareManagerDiscovery.Discovered discovered = HardwareManagerDiscovery.discover(getClass().getClassLoader());
        assertThat(discovered.failures()).isEmpty();
        assertThat(discovered.managers()).extracting(HardwareManager::name).contains("generic");
        assertThat(discovered.managers()).filteredOn(m -> m.name().equals("generic"))
                .singleElement().isInstanceOf(GenericHardwareManager.class);
    }

    @Test
    void theClassPathRegistrationNamesTheSameProvider() throws Exception {
        try (var in = GenericHardwareManager.class.getModule()
                .getResourceAsStream("META-INF/services/dev.ferrum.hardware.spi.HardwareManager")) {
            assertThat(in).isNotNull();
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip())
                    .isEqualTo(GenericHardwareManager.class.getName());
        }
    }

    @Test
    void theTestsRunOnTheModulePath() {
        // The module-info is what registers the provider for the agent's module-path launch.
        assertThat(GenericHardwareManager.class.getModule().getName()).isEqualTo("dev.ferrum.hardware.generic");
    }
}
