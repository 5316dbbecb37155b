package dev.ferrum.hardware.generic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.spi.CollectedInventory;
import dev.ferrum.hardware.spi.HardwareManagerDiscovery;
import dev.ferrum.hardware.spi.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.json.WireJson;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** Reads the machine the tests run on, through discovery and the registry, as the agent does. Reads only. */
@EnabledOnOs(OS.LINUX)
class LiveSmokeTest {
    private static final System.Logger LOG = System.getLogger(LiveSmokeTest.class.getName());

    @Test
    void collectsThisMachinesInventory() throws Exception {
        MachineContext live = MachineContext.live();
        HardwareManagerRegistry registry = HardwareManagerRegistry.select(
                HardwareManagerDiscovery.discover(getClass().getClassLoader()), live);
        assertThat(registry.managers()).extracting(m -> m.name()).contains("generic");

        long started = System.nanoTime();
        CollectedInventory collected = registry.collectInventory();
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        LOG.log(System.Logger.Level.INFO, "live inventory in " + took.toMillis() + " ms: "
                + WireJson.newMapper().writeValueAsString(collected.inventory()));

        assertThat(collected.failures()).isEmpty();
        assertThat(collected.inventory().cpu().count()).isPositive();
        assertThat(collected.inventory().memory().total()).isPositive();
        assertThat(collected.inventory().memory().physicalMb()).isPresent();
        // Generous for a shared 2-core builder; typically a few tens of milliseconds.
        assertThat(took).isLessThan(Duration.ofSeconds(2));

        Duration again = time(registry);
        assertThat(again).isLessThan(Duration.ofSeconds(1));
    }

    private static Duration time(HardwareManagerRegistry registry) {
        long started = System.nanoTime();
        registry.collectInventory();
        return Duration.ofNanos(System.nanoTime() - started);
    }
}
