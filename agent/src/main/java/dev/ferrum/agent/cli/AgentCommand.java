package dev.ferrum.agent.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ferrum-agent} command and its subcommands. */
@Command(name = "ferrum-agent", mixinStandardHelpOptions = true, versionProvider = AgentVersion.class,
        description = "Ferrum's bare-metal agent (ironic-python-agent compatible).",
        subcommands = {InventoryCommand.class, RunCommand.class})
public final class AgentCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** A command line with Ferrum's error handling: usage errors exit 2 with a one-line message. */
    public static CommandLine commandLine() {
        return new CommandLine(new AgentCommand());
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: 'run' (the agent) or 'inventory'");
    }
}
