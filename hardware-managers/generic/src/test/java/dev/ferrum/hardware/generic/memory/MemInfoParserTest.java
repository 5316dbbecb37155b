package dev.ferrum.hardware.generic.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MemInfoParserTest {

    @Test
    void readsMemTotalInBytes() {
        assertThat(MemInfoParser.totalBytes(Fixtures.text("vm/proc/meminfo"))).contains(24_684_096L * 1024);
        assertThat(MemInfoParser.totalBytes(Fixtures.text("server/proc/meminfo"))).contains(49_229_648L * 1024);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "MemFree: 100 kB\n", "MemTotal: lots\n", "MemTotal: 0 kB\n",
            "MemTotal: 99999999999999999999 kB\n", "SwapMemTotal: 5 kB\n"})
    void missingOrMalformedTotalsAreAbsent(String meminfo) {
        assertThat(MemInfoParser.totalBytes(meminfo)).isEmpty();
    }
}
