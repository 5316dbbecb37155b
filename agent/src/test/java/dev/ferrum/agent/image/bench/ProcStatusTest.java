package dev.ferrum.agent.image.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcStatusTest {
    // Trimmed from a Linux 6.x /proc/self/status of a JVM.
    private static final String STATUS = """
            Name:\tjava
            Umask:\t0022
            State:\tR (running)
            VmPeak:\t 4721460 kB
            VmSize:\t 4655924 kB
            VmLck:\t       0 kB
            VmHWM:\t  131072 kB
            VmRSS:\t   98304 kB
            RssAnon:\t   61440 kB
            Threads:\t19
            """;

    @Test
    void readsPeakAndCurrentResidentSetInKiB() {
        assertThat(ProcStatus.parse(STATUS)).isEqualTo(new ProcStatus(131072, 98304));
    }

    @Test
    void saysWhichFieldIsMissing() {
        assertThatThrownBy(() -> ProcStatus.parse("Name:\tjava\nVmRSS:\t 1 kB\n"))
                .hasMessageContaining("no VmHWM line");
    }
}
