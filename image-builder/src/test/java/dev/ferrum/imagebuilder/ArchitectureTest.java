package dev.ferrum.imagebuilder;

import dev.ferrum.testing.PackageRules;
import org.junit.jupiter.api.Test;

/** The package rules the build enforces for this module (DESIGN.md's module table; STYLE.md rule 11). */
class ArchitectureTest {
    @Test
    void packagesThatShareAParentHaveNoCycles() {
        PackageRules.assertNoSiblingCycles("dev.ferrum.imagebuilder");
    }

    @Test
    void startsProcessesThroughSupport() {
        PackageRules.assertStartsProcessesOnlyThroughSupport("dev.ferrum.imagebuilder");
    }

    @Test
    void logsThroughOneApi() {
        PackageRules.assertOneLoggingApi("dev.ferrum.imagebuilder");
    }

    @Test
    void theImageBuilderNeedsOnlyTheJdkCommonsCompressAndPicocli() {
        // com.sun.net.httpserver is the JDK's too (jdk.httpserver): the class-cache training's stand-in conductor.
        PackageRules.assertOnlyDependsOn("dev.ferrum.imagebuilder", "org.apache.commons.compress..", "picocli..",
                "dev.ferrum.support..", "com.sun.net.httpserver..");
    }
}
