package dev.ferrum.hardware.registry;

import dev.ferrum.hardware.spi.HardwareManagerException;
import java.util.List;
import java.util.stream.Collectors;

/** No selected manager could do what was asked; the message lists each one and why it declined. */
public class NoManagerCouldException extends HardwareManagerException {
    private final List<Declination> declinations;

    /** One manager's reason for not answering. */
    public record Declination(String manager, String reason) {
    }

    public NoManagerCouldException(String what, List<Declination> declinations) {
        super(message(what, declinations));
        this.declinations = List.copyOf(declinations);
    }

    public List<Declination> declinations() {
        return declinations;
    }

    private static String message(String what, List<Declination> declinations) {
        if (declinations.isEmpty()) {
            return "no hardware manager could " + what + ": no managers are selected for this machine";
        }
        return "no hardware manager could " + what + ": " + declinations.stream()
                .map(d -> d.manager() + " (" + d.reason() + ")")
                .collect(Collectors.joining("; "));
    }
}
