package dev.ferrum.conductor.driver.redfish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Redfish requests as ipmitool calls are made: one at a time per BMC, a request the BMC could not take (busy,
 * 5xx, connection refused) retried with doubling waits, everything else final at once.
 */
class RedfishRetryTest {
    private final RedfishRetry retry = new RedfishRetry(3, Duration.ofMillis(20));

    @Test
    void aBusyOrFailingBmcIsAskedAgainWithGrowingWaits() {
        List<Long> at = new ArrayList<>();
        List<Integer> answers = new ArrayList<>(List.of(503, 429, 200));
        int status = retry.call("bmc-a", "GET /", () -> {
            at.add(System.nanoTime());
            return answers.remove(0);
        }, code -> code);
        assertThat(status).isEqualTo(200);
        assertThat(at).hasSize(3);
        assertThat(at.get(2) - at.get(1)).as("the second wait doubles")
                .isGreaterThanOrEqualTo(Duration.ofMillis(40).toNanos());
    }

    @Test
    void finalAnswersAndTheLastAttemptComeBackAsTheyAre() {
        AtomicInteger calls = new AtomicInteger();
        assertThat(retry.call("bmc-a", "PATCH /", () -> {
            calls.incrementAndGet();
            return 400;
        }, code -> code)).isEqualTo(400);
        assertThat(retry.call("bmc-a", "POST /", () -> {
            calls.incrementAndGet();
            return 501;
        }, code -> code)).isEqualTo(501);
        assertThat(calls).hasValue(2);
        assertThat(retry.call("bmc-a", "GET /", () -> {
            calls.incrementAndGet();
            return 500;
        }, code -> code)).as("still failing after 3 attempts").isEqualTo(500);
        assertThat(calls).hasValue(5);
    }

    @Test
    void aRefusedConnectionIsRetriedButNotARefusedCertificate() {
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> retry.call("bmc-b", "GET /", () -> {
            calls.incrementAndGet();
            throw new DriverException("cannot reach Redfish service", new UncheckedIOException(
                    new ConnectException("Connection refused")));
        }, code -> 200)).isInstanceOf(DriverException.class).hasMessageContaining("cannot reach");
        assertThat(calls).hasValue(3);
        assertThatThrownBy(() -> retry.call("bmc-b", "GET /", () -> {
            calls.incrementAndGet();
            throw new DriverException("cannot reach Redfish service: PKIX path building failed");
        }, code -> 200)).isInstanceOf(DriverException.class);
        assertThat(calls).hasValue(4);
    }

    @Test
    void oneRequestAtATimePerBmcWhileOtherBmcsRunInParallel() throws Exception {
        AtomicInteger atA = new AtomicInteger();
        AtomicInteger maxA = new AtomicInteger();
        AtomicInteger overall = new AtomicInteger();
        AtomicInteger maxOverall = new AtomicInteger();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 12; i++) {
                String bmc = i % 2 == 0 ? "bmc-a" : "bmc-" + i;
                pool.submit(() -> retry.call(bmc, "GET /", () -> {
                    if (bmc.equals("bmc-a")) {
                        maxA.accumulateAndGet(atA.incrementAndGet(), Math::max);
                    }
                    maxOverall.accumulateAndGet(overall.incrementAndGet(), Math::max);
                    sleep(30);
                    overall.decrementAndGet();
                    if (bmc.equals("bmc-a")) {
                        atA.decrementAndGet();
                    }
                    return 200;
                }, code -> code));
            }
        }
        assertThat(maxA).hasValue(1);
        assertThat(maxOverall.get()).isGreaterThan(1);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
