package dev.ferrum.conductor;

import dev.ferrum.conductor.cli.ConductorCommand;
import picocli.CommandLine;

/** Entry point of {@code ferrum-conductor}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        ConductorCommand.prepareInBackground();
        System.exit(new CommandLine(new ConductorCommand().spec()).execute(args));
    }
}
