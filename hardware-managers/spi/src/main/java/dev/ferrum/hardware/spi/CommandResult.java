package dev.ferrum.hardware.spi;

/** What a finished external program left behind. */
public record CommandResult(int exitCode, String stdout, String stderr) {

    public CommandResult {
        stdout = stdout == null ? "" : stdout;
        stderr = stderr == null ? "" : stderr;
    }

    public boolean succeeded() {
        return exitCode == 0;
    }
}
