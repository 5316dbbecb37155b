package dev.ferrum.hardware.spi;

/** The arguments of a step that takes none; any arguments sent are ignored, as IPA does. */
public record NoArguments() {
}
