package dev.ferrum.hardware.registry;

/**
 * A hardware-manager provider that could not be loaded or evaluated, kept so that one broken
 * plugin is reported instead of taking the agent down.
 */
public record ProviderFailure(String provider, String problem) {
}
