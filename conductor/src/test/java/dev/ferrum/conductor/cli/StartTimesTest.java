package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The start's one line names each phase once, in the order marked, with whole milliseconds. */
class StartTimesTest {
    @Test
    void theSummaryNamesEveryPhaseInOrder() {
        StartTimes times = StartTimes.begin();
        times.mark("options");
        times.mark("store");
        times.mark("HTTP server");

        assertThat(times.summary())
                .matches("started in \\d+ ms \\(options \\d+ ms, store \\d+ ms, HTTP server \\d+ ms\\)");
    }

    @Test
    void theTotalIsThePhasesTogether() throws InterruptedException {
        StartTimes times = StartTimes.begin();
        Thread.sleep(5);
        times.mark("a");
        Thread.sleep(5);
        times.mark("b");

        String summary = times.summary();
        long total = Long.parseLong(summary.replaceAll("started in (\\d+) ms.*", "$1"));
        long a = Long.parseLong(summary.replaceAll(".*\\(a (\\d+) ms.*", "$1"));
        long b = Long.parseLong(summary.replaceAll(".*, b (\\d+) ms\\)", "$1"));
        // Each phase rounds on its own: the sum is within a millisecond per phase of the total.
        assertThat(a).isGreaterThanOrEqualTo(5);
        assertThat(b).isGreaterThanOrEqualTo(5);
        assertThat(Math.abs(total - (a + b))).isLessThanOrEqualTo(2);
    }
}
