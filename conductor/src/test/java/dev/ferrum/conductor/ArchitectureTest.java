package dev.ferrum.conductor;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.conductor");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.conductor");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.conductor");
    }

    @Test
    void theConductorNeverImportsHardwareManagersOshiOrTheAgent() {
        PackageRules.assertNoDependencyOn("dev.ferrum.conductor", "dev.ferrum.hardware..", "oshi..",
                "dev.ferrum.agent..");
    }
}
