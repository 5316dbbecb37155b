package dev.ferrum.conductor.driver.command;

/** How a command ended: its exit code and what it printed. */
public record CommandResult(int exitCode, String stdout, String stderr) {

    public boolean succeeded() {
        return exitCode == 0;
    }
}
