package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.command.Command;
import dev.ferrum.conductor.driver.command.CommandResult;
import dev.ferrum.conductor.driver.command.CommandRunner;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A fake {@link CommandRunner}: answers with queued results (the last one repeats) and records commands. */
final class ScriptedRunner implements CommandRunner {
    private final Deque<CommandResult> results = new ArrayDeque<>();
    private final List<Command> commands = new CopyOnWriteArrayList<>();

    ScriptedRunner then(int exit, String stdout, String stderr) {
        results.add(new CommandResult(exit, stdout, stderr));
        return this;
    }

    @Override
    public synchronized CommandResult run(Command command) {
        commands.add(command);
        return results.size() > 1 ? results.poll() : results.peek();
    }

    List<Command> commands() {
        return List.copyOf(commands);
    }
}
