package dev.ferrum.imagebuilder.command;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A scripted {@link CommandRunner} for tests: each program name is answered by a handler that may
 * also create files (as jlink or dpkg-deb would); every call is recorded. An unscripted program
 * fails loudly rather than pretending to succeed.
 */
public final class FakeCommandRunner implements CommandRunner {
    private final Map<String, Function<Command, CommandResult>> handlers = new LinkedHashMap<>();
    private final List<Command> calls = new ArrayList<>();

    /** Answers every command whose program file name is {@code programName} with {@code handler}. */
    public synchronized FakeCommandRunner on(String programName, Function<Command, CommandResult> handler) {
        handlers.put(programName, handler);
        return this;
    }

    @Override
    public synchronized CommandResult run(Command command) {
        calls.add(command);
        Function<Command, CommandResult> handler = handlers.get(command.programName());
        if (handler == null) {
            throw new ImageBuildException("FakeCommandRunner: `" + command.display() + "` is not scripted in this test");
        }
        return handler.apply(command);
    }

    @Override
    public synchronized boolean isAvailable(String program) {
        return handlers.containsKey(program.substring(program.lastIndexOf('/') + 1));
    }

    /** Every command run so far, in order. */
    public synchronized List<Command> calls() {
        return List.copyOf(calls);
    }

    /** The commands run so far whose program file name is {@code programName}. */
    public synchronized List<Command> calls(String programName) {
        return calls.stream().filter(c -> c.programName().equals(programName)).toList();
    }
}
