package dev.ferrum.sandbox.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** What the sandbox shows while it provisions: whole lines, in place or as a change log. */
class ProgressDisplayTest {
    private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

    private static MachineProgress at(String machine, MachineProgress.Step step, String state, int stateSinceSeconds) {
        return new MachineProgress(machine, step, state, START, START.plusSeconds(stateSinceSeconds), Optional.empty(),
                Optional.empty());
    }

    @Test
    void rendersOneLinePerMachineWithStateAndElapsedTime() {
        List<MachineProgress> machines = List.of(
                at("sandbox-1", MachineProgress.Step.DEPLOY, "wait call-back", 60),
                at("sandbox-2", MachineProgress.Step.DONE, "active", 83),
                MachineProgress.waiting("sandbox-3", START).failed("clean failed", "agent refused", START.plusSeconds(5)),
                MachineProgress.waiting("sandbox-10", START));

        assertThat(ProgressDisplay.render(machines, START.plusSeconds(102))).containsExactly(
                "  sandbox-1   deploy   wait call-back  0:42 in state, total 1:42",
                "  sandbox-2   done     active          total 1:23",
                "  sandbox-3   failed   clean failed    last_error: agent refused",
                "  sandbox-10  waiting  -");
    }

    @Test
    void aLongLastErrorIsShortenedToOneLine() {
        String error = "Failed to deploy:\n" + "x".repeat(200);
        List<String> lines = ProgressDisplay.render(List.of(MachineProgress.waiting("sandbox-1", START)
                .failed("deploy failed", error, START)), START);

        assertThat(lines).singleElement().satisfies(line -> {
            assertThat(line).contains("last_error: Failed to deploy: xxx").endsWith("…").doesNotContain("\n");
            assertThat(line.length()).isLessThan(120);
        });
    }

    @Test
    void clockShowsHoursOnlyFromAnHourOn() {
        assertThat(ProgressDisplay.clock(Duration.ofSeconds(59))).isEqualTo("0:59");
        assertThat(ProgressDisplay.clock(Duration.ofSeconds(3599))).isEqualTo("59:59");
        assertThat(ProgressDisplay.clock(Duration.ofSeconds(3661))).isEqualTo("1:01:01");
    }

    @Test
    void withoutATerminalOnlyChangesArePrinted() {
        var state = new AtomicReference<>(List.of(at("sandbox-1", MachineProgress.Step.INSPECT, "inspect wait", 3)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Clock clock = Clock.fixed(START.plusSeconds(7), ZoneOffset.UTC);
        ProgressDisplay display = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false,
                state::get, clock);

        display.refresh();
        display.refresh();
        state.set(List.of(at("sandbox-1", MachineProgress.Step.PROVIDE, "cleaning", 7)));
        display.refresh();

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
                "[0:07]  sandbox-1  inspect  inspect wait\n"
                + "[0:07]  sandbox-1  provide  cleaning\n");
    }

    @Test
    void onATerminalTheLinesAreRedrawnInPlace() {
        List<MachineProgress> machines = List.of(at("sandbox-1", MachineProgress.Step.MANAGE, "verifying", 0),
                at("sandbox-2", MachineProgress.Step.MANAGE, "verifying", 0));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay display = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), true,
                () -> machines, Clock.fixed(START.plusSeconds(1), ZoneOffset.UTC));

        display.refresh();
        String first = bytes.toString(StandardCharsets.UTF_8);
        display.refresh();
        String second = bytes.toString(StandardCharsets.UTF_8).substring(first.length());

        assertThat(first).doesNotContain("\033[2F").contains("\033[2K  sandbox-1  manage   verifying");
        assertThat(second).as("the second frame moves up over the first").startsWith("\033[2F\033[2K");
        assertThat(second.split("\n")).hasSize(2);
    }

    private static ImageWriteProgress written(long bytes, long total, long rate, long etaSeconds) {
        return new ImageWriteProgress(bytes, Optional.of(total), Optional.of((int) (bytes * 100 / total)), rate,
                Optional.of(Duration.ofSeconds(etaSeconds)));
    }

    @Test
    void whileDeployingTheWriteShowsPercentRateAndEta() {
        MachineProgress deploying = at("sandbox-1", MachineProgress.Step.DEPLOY, "wait call-back", 60)
                .writing(Optional.of(written(429_496_730L, 1L << 30, 12_897_485L, 7)));
        MachineProgress noTotal = at("sandbox-2", MachineProgress.Step.DEPLOY, "wait call-back", 60)
                .writing(Optional.of(new ImageWriteProgress(3L << 20, Optional.empty(), Optional.empty(), 512,
                        Optional.empty())));

        assertThat(ProgressDisplay.render(List.of(deploying, noTotal), START.plusSeconds(102))).containsExactly(
                "  sandbox-1  deploy   wait call-back  40% of 1.0 GiB, 12.3 MiB/s, ETA 0:07 · 0:42 in state, total 1:42",
                "  sandbox-2  deploy   wait call-back  3.0 MiB written, 512 B/s · 0:42 in state, total 1:42");
    }

    @Test
    void theChangeLogPrintsAWriteAtEachQuarter() {
        MachineProgress base = at("sandbox-1", MachineProgress.Step.DEPLOY, "wait call-back", 7);
        var state = new AtomicReference<>(List.of(base.writing(Optional.of(written(10, 100, 2048, 40)))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay display = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false,
                state::get, Clock.fixed(START.plusSeconds(9), ZoneOffset.UTC));

        display.refresh();
        state.set(List.of(base.writing(Optional.of(written(20, 100, 2048, 30)))));
        display.refresh();
        state.set(List.of(base.writing(Optional.of(written(60, 100, 2048, 10)))));
        display.refresh();

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
                "[0:09]  sandbox-1  deploy   wait call-back  10% of 100 B, 2.0 KiB/s, ETA 0:40\n"
                + "[0:09]  sandbox-1  deploy   wait call-back  60% of 100 B, 2.0 KiB/s, ETA 0:10\n");
    }

    @Test
    void theNodesAgentProgressIsReadOnlyForTheWriteStep() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var node = json.readTree("{\"driver_internal_info\":{\"agent_progress\":{\"step\":\"deploy.write_image\","
                + "\"bytes_written\":250,\"total_bytes\":1000,\"percent\":25,\"bytes_per_second\":50,"
                + "\"eta_seconds\":15}}}");
        assertThat(ImageWriteProgress.of(node)).contains(new ImageWriteProgress(250, Optional.of(1000L),
                Optional.of(25), 50, Optional.of(Duration.ofSeconds(15))));
        var erase = json.readTree("{\"driver_internal_info\":{\"agent_progress\":{\"step\":\"deploy.erase_devices\","
                + "\"bytes_written\":1}}}");
        assertThat(ImageWriteProgress.of(erase)).isEmpty();
        assertThat(ImageWriteProgress.of(json.readTree("{\"driver_internal_info\":{}}"))).isEmpty();
    }
}
