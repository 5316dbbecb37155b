package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.helidon.common.mapper.MapperManager;
import org.junit.jupiter.api.Test;

/**
 * Once pinned, Helidon's global mapper manager is one instance (unpinned, Helidon 4.4 builds a new one on every
 * call: the cost the web server paid on each request's Content-Length) and still maps a header's text as before.
 */
@SuppressWarnings("removal")
class HelidonMappersTest {

    @Test
    void thePinnedManagerIsOneInstanceThatStillMapsHeaderText() {
        HelidonMappers.pinGlobal();
        HelidonMappers.pinGlobal();

        MapperManager first = MapperManager.global();
        assertThat(MapperManager.global()).isSameAs(first);
        assertThat(first.map("1234", String.class, Long.class)).isEqualTo(1234L);
        assertThat(first.map("17", String.class, Integer.class)).isEqualTo(17);
    }
}
