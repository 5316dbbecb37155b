package dev.ferrum.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The package rules every Ferrum module's build enforces (STYLE.md rule 11: acyclic packages by
 * concept). Within a module, the packages that share a parent must not depend on each other in a
 * cycle, at every depth: {@code conductor.api} and {@code conductor.store} may not need each other,
 * nor {@code conductor.api.nodes} and {@code conductor.api.actions}. A parent package may use its
 * children and the children the parent (a root package holds {@code Main} and the module's root
 * exception; {@code api} holds the routing that composes its resources), which is why the rule
 * compares siblings rather than every package with every other.
 */
public final class PackageRules {
    /** How deep below the module's root package siblings are compared; Ferrum's packages nest at most this deep. */
    private static final int DEPTH = 4;

    private PackageRules() {
    }

    /** The module's production classes under {@code rootPackage}, without tests or jars. */
    public static JavaClasses mainClasses(String rootPackage) {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(rootPackage);
    }

    /** One no-cycles rule per depth: siblings {@code root.(*)}, then {@code root.x.(*)}, and so on. */
    public static List<ArchRule> noSiblingCycles(String rootPackage) {
        return IntStream.rangeClosed(1, DEPTH)
                .mapToObj(depth -> (ArchRule) slices()
                        .matching(rootPackage + "." + pattern(depth))
                        .should().beFreeOfCycles()
                        .allowEmptyShould(true)
                        .as("packages under " + rootPackage + " that share a parent, " + depth + " level(s) down, "
                                + "are free of cycles"))
                .toList();
    }

    /** {@code (*).(*)..} for depth 2: a slice per package {@code depth} levels down, with everything below it. */
    private static String pattern(int depth) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i < depth; i++) {
            s.append("(*).");
        }
        return s.append("(*)..").toString();
    }

    /**
     * DESIGN.md's module table as a rule: classes under {@code rootPackage} use nothing from the
     * {@code forbidden} packages (ArchUnit package patterns such as {@code "dev.ferrum.conductor.."}).
     * Maven's dependencies already keep most of these out; the rule also catches what arrives transitively.
     */
    public static void assertNoDependencyOn(String rootPackage, String... forbidden) {
        noClasses().that().resideInAPackage(rootPackage + "..")
                .should().dependOnClassesThat().resideInAnyPackage(forbidden)
                .as(rootPackage + " does not depend on " + String.join(", ", forbidden))
                .check(mainClasses(rootPackage));
    }

    /**
     * One logging API: code logs through {@link System.Logger}, the JDK's facade that Helidon logs
     * through too, with java.util.logging as the backend. Only a {@code Main} that configures that
     * backend (handlers, levels) may touch java.util.logging; nothing logs through SLF4J directly
     * (OSHI does, bridged to the same backend by slf4j-jdk14).
     */
    public static void assertOneLoggingApi(String rootPackage) {
        noClasses().that().resideInAPackage(rootPackage + "..").and().doNotHaveSimpleName("SandboxMain")
                .should().dependOnClassesThat().resideInAnyPackage("java.util.logging..", "org.slf4j..",
                        "org.apache.logging..", "org.apache.commons.logging..")
                .as(rootPackage + " logs through System.Logger only")
                .check(mainClasses(rootPackage));
    }

    /**
     * One process runner: only {@code dev.ferrum.support.process} starts child processes; every module
     * wraps it in its own command runner (with a fake), so timeouts, stdin and pipe draining are one code path.
     */
    public static void assertStartsProcessesOnlyThroughSupport(String rootPackage) {
        noClasses().that().resideInAPackage(rootPackage + "..")
                .should().dependOnClassesThat().areAssignableTo(ProcessBuilder.class)
                .as(rootPackage + " starts processes through dev.ferrum.support.process only")
                .check(mainClasses(rootPackage));
    }

    /** Classes under {@code rootPackage} use only the {@code allowed} packages (and the JDK's {@code java..}). */
    public static void assertOnlyDependsOn(String rootPackage, String... allowed) {
        String[] withJdk = Stream.concat(Stream.of("java..", rootPackage + ".."),
                Stream.of(allowed)).toArray(String[]::new);
        classes().that().resideInAPackage(rootPackage + "..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(withJdk)
                .as(rootPackage + " depends only on " + String.join(", ", withJdk))
                .check(mainClasses(rootPackage));
    }

    /** Checks every rule of {@link #noSiblingCycles} against the module's classes. */
    public static void assertNoSiblingCycles(String rootPackage) {
        JavaClasses classes = mainClasses(rootPackage);
        noSiblingCycles(rootPackage).forEach(rule -> rule.check(classes));
    }
}
