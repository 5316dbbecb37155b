package dev.ferrum.pxe;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.pxe");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.pxe");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.pxe");
    }

    @Test
    void networkBootNeedsOnlyTheJdkAndHelidonsServer() {
        PackageRules.assertOnlyDependsOn("dev.ferrum.pxe", "io.helidon..", "dev.ferrum.support..");
    }
}
