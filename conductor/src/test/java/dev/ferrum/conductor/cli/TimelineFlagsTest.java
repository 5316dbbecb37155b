package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.ConductorCommand.settingsFrom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The timeline and power sync flags reach the settings, with Ironic's defaults; bad values stop the start. */
class TimelineFlagsTest {

    @Test
    void defaultsAreIronics() {
        TimelineSettings timeline = settingsFrom("--noauth").timeline();
        assertThat(timeline.powerSync().force()).isTrue();
        assertThat(timeline.powerSync().maxFailures()).isEqualTo(3);
        assertThat(timeline.powerSync().workers()).isEqualTo(8);
        assertThat(timeline.powerSync().perBmc()).isEqualTo(1);
        assertThat(timeline.powerSyncInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(timeline.agentProgressInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(timeline.retention().maxEntries()).isEqualTo(300);
        assertThat(timeline.retention().minimumAge()).isEqualTo(Duration.ZERO);
        assertThat(timeline.retention().interval()).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void theFlagsReachTheSettings() {
        TimelineSettings timeline = settingsFrom("--noauth", "--force-power-state-during-sync", "false",
                "--power-state-sync-max-retries", "5", "--sync-power-state-workers", "16", "--sync-power-state-per-bmc",
                "2", "--sync-power-state-interval", "30", "--agent-progress-interval", "2",
                "--node-history-max-entries", "50", "--node-history-minimum-days", "7",
                "--node-history-cleanup-interval", "3600").timeline();
        assertThat(timeline.powerSync().force()).isFalse();
        assertThat(timeline.powerSync().maxFailures()).isEqualTo(5);
        assertThat(timeline.powerSync().workers()).isEqualTo(16);
        assertThat(timeline.powerSync().perBmc()).isEqualTo(2);
        assertThat(timeline.powerSyncInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(timeline.agentProgressInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(timeline.retention().maxEntries()).isEqualTo(50);
        assertThat(timeline.retention().minimumAge()).isEqualTo(Duration.ofDays(7));
        assertThat(timeline.retention().interval()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void theApiMaxLimitIsIronicsUnlessTold() {
        assertThat(settingsFrom("--noauth").timeline().maxLimit()).isEqualTo(1000);
        assertThat(settingsFrom("--noauth", "--api-max-limit", "25").timeline().maxLimit()).isEqualTo(25);
        assertThatThrownBy(() -> settingsFrom("--noauth", "--api-max-limit", "0"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("max_limit");
    }

    @Test
    void nonsenseIsAFlagError() {
        assertThatThrownBy(() -> settingsFrom("--noauth", "--sync-power-state-workers", "0"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("workers");
        assertThatThrownBy(() -> settingsFrom("--noauth", "--agent-progress-interval", "0"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("agentProgressInterval");
    }
}
