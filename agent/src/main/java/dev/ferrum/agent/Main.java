package dev.ferrum.agent;

import dev.ferrum.agent.cli.AgentCommand;
import picocli.CommandLine;

/** Entry point of {@code ferrum-agent}: parses the command line and runs the chosen command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(AgentCommand.commandLine().execute(args));
    }
}
