package dev.ferrum.conductor.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProcessUsageTest {
    // A real /proc/<pid>/stat line of a JVM, with a command name holding a space and a parenthesis.
    private static final String STAT = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 52107 0 31 0 1234 567 0 0 20 0"
            + " 41 0 3301 5302464512 61234 18446744073709551615 1 1 0 0 0 0 4 0 16800975 0 0 0 17 1 0 0 0 0 0";
    private static final String STATUS = """
            Name:\tjava
            State:\tS (sleeping)
            VmPeak:\t 5178188 kB
            VmRSS:\t  244936 kB
            RssAnon:\t  221000 kB
            Threads:\t41
            """;

    @Test
    void readsUserPlusSystemTimeAndResidentSize() {
        ProcessUsage usage = ProcessUsage.parse(STAT, STATUS);

        assertThat(usage.cpuTime()).isEqualTo(Duration.ofMillis((1234 + 567) * 10));
        assertThat(usage.residentBytes()).isEqualTo(244936L * 1024);
    }

    @Test
    void cpuPercentIsTheShareOfOneCoreOverTheWallTime() {
        ProcessUsage before = new ProcessUsage(Duration.ofSeconds(10), 0);
        ProcessUsage after = new ProcessUsage(Duration.ofSeconds(40), 0);

        assertThat(after.cpuPercentSince(before, Duration.ofSeconds(20))).isEqualTo(150.0);
    }

    @Test
    void refusesTextThatIsNotProcOutput() {
        assertThatThrownBy(() -> ProcessUsage.parse("garbage", STATUS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProcessUsage.parse(STAT, "Name:\tjava\n")).hasMessageContaining("VmRSS");
    }
}
