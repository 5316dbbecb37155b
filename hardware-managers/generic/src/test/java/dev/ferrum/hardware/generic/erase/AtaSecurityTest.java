package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AtaSecurityTest {

    @Test
    void frozenDriveIsSupportedButFrozen() {
        AtaSecurity security = AtaSecurity.parseHdparm(Fixtures.text("hdparm-frozen.txt"));

        assertThat(security.supported()).isTrue();
        assertThat(security.frozen()).isTrue();
        assertThat(security.enabled()).isFalse();
        assertThat(security.locked()).isFalse();
        assertThat(security.enhancedEraseSupported()).isTrue();
    }

    @Test
    void enhancedCapableDriveReportsBothEraseTimes() {
        AtaSecurity security = AtaSecurity.parseHdparm(Fixtures.text("hdparm-enhanced.txt"));

        assertThat(security).isEqualTo(new AtaSecurity(true, false, false, false, false, true,
                Optional.of(Duration.ofMinutes(2)), Optional.of(Duration.ofMinutes(8))));
    }

    @Test
    void normalEraseOnlyDriveHasNoEnhancedErase() {
        AtaSecurity security = AtaSecurity.parseHdparm(Fixtures.text("hdparm-normal-only.txt"));

        assertThat(security.supported()).isTrue();
        assertThat(security.enhancedEraseSupported()).isFalse();
        assertThat(security.eraseTime()).contains(Duration.ofMinutes(4));
        assertThat(security.enhancedEraseTime()).isEmpty();
    }

    @Test
    void unsupportedDriveSaysNotSupportedForEverything() {
        AtaSecurity security = AtaSecurity.parseHdparm(Fixtures.text("hdparm-unsupported.txt"));

        assertThat(security.supported()).isFalse();
        assertThat(security.enhancedEraseSupported()).isFalse();
        assertThat(security.frozen()).isFalse();
    }

    @Test
    void lockedAndEnabledStatesAreRead() {
        assertThat(AtaSecurity.parseHdparm(Fixtures.text("hdparm-locked.txt")))
                .extracting(AtaSecurity::enabled, AtaSecurity::locked).containsExactly(true, true);
        assertThat(AtaSecurity.parseHdparm(Fixtures.text("hdparm-enabled.txt")))
                .extracting(AtaSecurity::enabled, AtaSecurity::locked).containsExactly(true, false);
    }

    @Test
    void missingSecuritySectionMeansAbsent() {
        assertThat(AtaSecurity.parseHdparm(Fixtures.text("hdparm-no-security.txt"))).isEqualTo(AtaSecurity.ABSENT);
        assertThat(AtaSecurity.parseHdparm("")).isEqualTo(AtaSecurity.ABSENT);
    }

    @Test
    void securityModeFeatureLineElsewhereIsNotTheSection() {
        // "Security Mode feature set" under Commands/features must not start the section.
        String output = Fixtures.text("hdparm-no-security.txt");

        assertThat(output).contains("Security Mode feature set");
        assertThat(AtaSecurity.parseHdparm(output).supported()).isFalse();
    }
}
