package dev.ferrum.testing;

/**
 * Says which of Jazzer's two modes a fuzz test runs in, so a log never passes off a replay of the
 * committed corpus as fuzzing. Regression mode (the default, every build) replays
 * {@code src/test/resources/<package>/<Class>Inputs/<method>/}; fuzzing mode ({@code JAZZER_FUZZ=1},
 * which CI's {@code fuzz-ci} profile sets for one class per JVM) mutates inputs for a bounded time.
 */
public final class FuzzMode {
    private FuzzMode() {
    }

    /** True when Jazzer mutates inputs rather than replaying the corpus. */
    public static boolean fuzzing() {
        String fuzz = System.getenv("JAZZER_FUZZ");
        return (fuzz != null && !fuzz.isEmpty()) || !System.getProperty("jazzer.fuzz", "").isEmpty();
    }

    /** Prints the mode for {@code target}; call it from the fuzz test's {@code @BeforeAll}. */
    public static void announce(Class<?> target) {
        String line = fuzzing()
                ? "FUZZING " + target.getSimpleName() + " for " + System.getProperty("jazzer.max_duration", "its @FuzzTest maxDuration")
                : "fuzzing mode is NOT active for " + target.getSimpleName() + ": replaying its committed corpus only"
                        + " (set JAZZER_FUZZ=1 and run this one class to fuzz; see the README's Fuzzing section)";
        System.out.println("[fuzz] " + line);
    }
}
