package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.init.ExitAction;
import java.time.Duration;

/** The build-time defaults of /init; the kernel command line can override the first and the last. */
public record InitSettings(ExitAction onExit, Duration exitDelay, Duration dhcpTimeout) {
}
