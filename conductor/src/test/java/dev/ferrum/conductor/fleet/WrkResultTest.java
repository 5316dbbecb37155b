package dev.ferrum.conductor.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WrkResultTest {
    // wrk's own --latency report followed by bench/lib/heartbeat.lua's done() line, as one run printed them.
    private static final String OUTPUT = """
            Running 20s test @ http://127.0.0.1:41234
              2 threads and 32 connections
              Latency Distribution
                 50%    2.10ms
                 99%   11.02ms
              200000 requests in 20.00s, 15.26MB read
            wrk-result duration_us=20000000 responses=200010 connect=0 read=0 write=0 status=10 timeout=0\
             p50_us=2100 p90_us=4200 p99_us=11020 max_us=40500 cpu_ticks=500 sent=1:100020,2:100022
            """;

    @Test
    void readsTheScriptsResultLine() {
        WrkResult result = WrkResult.parse(OUTPUT);

        assertThat(result.responses()).isEqualTo(200_010);
        assertThat(result.accepted()).isEqualTo(200_000);
        assertThat(result.perSecond()).isEqualTo(10_000.0);
        assertThat(result.p99Micros()).isEqualTo(11_020);
        assertThat(result.errors()).isEqualTo(10);
        assertThat(result.sent()).isEqualTo(Map.of(1, 100_020L, 2, 100_022L));
        assertThat(result.unanswered()).isEqualTo(32);
        // 5 s of CPU over 20 s.
        assertThat(result.cpuPercent()).isEqualTo(25.0);
    }

    @Test
    void socketErrorsCountAsErrorsButNotAsRefusals() {
        WrkResult result = WrkResult.parse(OUTPUT.replace("connect=0 read=0 write=0", "connect=1 read=2 write=3")
                .replace("timeout=0", "timeout=4"));

        assertThat(result.errors()).isEqualTo(20);
        assertThat(result.accepted()).isEqualTo(200_000);
    }

    @Test
    void outputWithoutTheResultLineIsRefused() {
        assertThatThrownBy(() -> WrkResult.parse("unable to connect to 127.0.0.1:1 Connection refused\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no wrk-result line");
    }
}
