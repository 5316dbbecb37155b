package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import java.util.Set;

/** Sends the named programs to a fake and everything else to a real runner (tests mixing both). */
record RoutingRunner(FakeCommandRunner fake, Set<String> faked, CommandRunner real) implements CommandRunner {

    @Override
    public CommandResult run(Command command) {
        return faked.contains(command.programName()) ? fake.run(command) : real.run(command);
    }

    @Override
    public boolean isAvailable(String program) {
        String name = program.substring(program.lastIndexOf('/') + 1);
        return faked.contains(name) ? fake.isAvailable(program) : real.isAvailable(program);
    }
}
