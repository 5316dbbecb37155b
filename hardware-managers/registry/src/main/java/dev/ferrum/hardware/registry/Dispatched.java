package dev.ferrum.hardware.registry;

/** An answer together with the manager that gave it. */
public record Dispatched<T>(T value, String manager) {
}
