package dev.ferrum.agent;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.agent");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.agent");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.agent");
    }

    @Test
    void theAgentNeverImportsTheConductorNorAConcreteManager() {
        PackageRules.assertNoDependencyOn("dev.ferrum.agent", "dev.ferrum.conductor..", "dev.ferrum.pxe..",
                "dev.ferrum.hardware.generic..", "dev.ferrum.hardware.example..", "oshi..");
    }
}
