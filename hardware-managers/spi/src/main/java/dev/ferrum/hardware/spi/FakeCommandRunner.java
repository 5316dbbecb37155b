package dev.ferrum.hardware.spi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scripted {@link CommandRunner} for tests: answers registered command lines with canned
 * results, records every call, and reports programs as available only when scripted. An
 * unscripted command fails loudly rather than pretending to succeed.
 */
public final class FakeCommandRunner implements CommandRunner {
    private final Map<List<String>, CommandResult> scripted = new LinkedHashMap<>();
    private final Set<String> programs = new HashSet<>();
    private final List<List<String>> calls = new ArrayList<>();

    /** Makes {@code argv} answer with {@code result}; its program becomes available. */
    public synchronized FakeCommandRunner answer(List<String> argv, CommandResult result) {
        scripted.put(List.copyOf(argv), result);
        programs.add(argv.getFirst());
        return this;
    }

    /** Makes {@code argv} succeed with {@code stdout}. */
    public FakeCommandRunner answer(List<String> argv, String stdout) {
        return answer(argv, new CommandResult(0, stdout, ""));
    }

    @Override
    public synchronized CommandResult run(List<String> argv, Duration timeout) {
        calls.add(List.copyOf(argv));
        CommandResult result = scripted.get(argv);
        if (result == null) {
            throw new CommandException(argv, "not scripted in this test", null);
        }
        return result;
    }

    @Override
    public synchronized boolean isAvailable(String program) {
        return programs.contains(program);
    }

    /** Every command line run so far, in order. */
    public synchronized List<List<String>> calls() {
        return List.copyOf(calls);
    }
}
