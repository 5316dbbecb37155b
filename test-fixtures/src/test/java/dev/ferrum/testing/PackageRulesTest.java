package dev.ferrum.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackageRulesTest {
    private final JavaClasses sample = new ClassFileImporter().importPackages("dev.ferrum.testing.sample");

    @Test
    void siblingPackagesThatNeedEachOtherAreACycle() {
        List<EvaluationResult> results = PackageRules.noSiblingCycles("dev.ferrum.testing.sample").stream()
                .map(rule -> rule.evaluate(sample)).toList();
        assertThat(results.getFirst().hasViolation()).isTrue();
        assertThat(results.getFirst().getFailureReport().toString()).contains("a", "b").doesNotContain("Slice c");
    }

    @Test
    void aOneWayDependencyIsNoCycle() {
        JavaClasses oneWay = new ClassFileImporter().importPackages("dev.ferrum.testing.sample.c",
                "dev.ferrum.testing.sample.a");
        for (ArchRule rule : PackageRules.noSiblingCycles("dev.ferrum.testing.sample")) {
            assertThat(rule.evaluate(oneWay).hasViolation()).isFalse();
        }
    }
}
