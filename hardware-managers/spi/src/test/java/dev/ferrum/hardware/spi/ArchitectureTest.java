package dev.ferrum.hardware.spi;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.hardware.spi");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.hardware.spi");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.hardware.spi");
    }

    @Test
    void theSpiKnowsNeitherTierNorOshi() {
        PackageRules.assertNoDependencyOn("dev.ferrum.hardware.spi", "dev.ferrum.agent..", "dev.ferrum.conductor..",
                "io.helidon..", "oshi..", "dev.ferrum.hardware.generic..");
    }
}
