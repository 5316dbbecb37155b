package dev.ferrum.agent.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** The {@code ferrum-agent} command and its subcommands (declared without annotations: see {@link CommandOptions}). */
public final class AgentCommand implements Runnable {
    private final CommandSpec spec = CommandOptions.command(this, "ferrum-agent",
            "Ferrum's bare-metal agent (ironic-python-agent compatible).");

    private AgentCommand() {
    }

    /** A command line with Ferrum's error handling: usage errors exit 2 with a one-line message. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new AgentCommand().spec);
        commandLine.addSubcommand("inventory", new CommandLine(new InventoryCommand().spec()));
        commandLine.addSubcommand("run", new CommandLine(new RunCommand().spec()));
        return commandLine;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: 'run' (the agent) or 'inventory'");
    }
}
