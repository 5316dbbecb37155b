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
        return new MachineProgress(machine, step, state, START, START.plusSeconds(stateSinceSeconds), Optional.empty());
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
}
