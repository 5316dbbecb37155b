package dev.ferrum.support;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.support");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.support");
    }

    @Test
    void supportSitsBelowEveryModule() {
        PackageRules.assertOnlyDependsOn("dev.ferrum.support", "io.helidon.webclient..");
    }
}
