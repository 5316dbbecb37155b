package dev.ferrum.hardware.spi;

/** The result of a step that reports nothing: the command result carries no step result. */
public enum NoResult {
    NONE
}
