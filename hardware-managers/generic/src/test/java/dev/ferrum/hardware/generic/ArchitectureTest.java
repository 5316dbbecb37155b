package dev.ferrum.hardware.generic;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.hardware.generic");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.hardware.generic");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.hardware.generic");
    }

    @Test
    void aManagerKnowsNeitherTier() {
        PackageRules.assertNoDependencyOn("dev.ferrum.hardware.generic", "dev.ferrum.agent..", "dev.ferrum.conductor..",
                "io.helidon..");
    }
}
