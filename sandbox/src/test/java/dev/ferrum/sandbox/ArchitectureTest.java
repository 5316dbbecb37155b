package dev.ferrum.sandbox;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.sandbox");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.sandbox");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.sandbox");
    }
}
