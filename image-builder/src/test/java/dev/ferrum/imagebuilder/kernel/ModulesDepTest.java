package dev.ferrum.imagebuilder.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModulesDepTest {

    @Test
    void parsesDepmodOutput() {
        String text = """
                kernel/drivers/net/virtio_net.ko: kernel/drivers/net/net_failover.ko kernel/net/core/failover.ko
                kernel/net/core/failover.ko:

                garbage without a colon
                """;

        assertThat(ModulesDep.parse(text)).containsExactly(
                Map.entry("kernel/drivers/net/virtio_net.ko", List.of("kernel/drivers/net/net_failover.ko", "kernel/net/core/failover.ko")),
                Map.entry("kernel/net/core/failover.ko", List.of()));
    }

    @Test
    void renderRoundTrips() {
        Map<String, List<String>> deps = new LinkedHashMap<>();
        deps.put("kernel/a.ko", List.of("kernel/b.ko"));
        deps.put("kernel/b.ko", List.of());

        String text = ModulesDep.render(deps);

        assertThat(text).isEqualTo("kernel/a.ko: kernel/b.ko\nkernel/b.ko:\n");
        assertThat(ModulesDep.parse(text)).isEqualTo(deps);
    }
}
