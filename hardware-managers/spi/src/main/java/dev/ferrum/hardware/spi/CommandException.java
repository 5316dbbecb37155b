package dev.ferrum.hardware.spi;

import java.util.List;

/** An external program could not be started, or did not finish in time. */
public class CommandException extends HardwareManagerException {

    public CommandException(List<String> argv, String problem, Throwable cause) {
        super(String.join(" ", argv) + ": " + problem, cause);
    }
}
