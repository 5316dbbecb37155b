package dev.ferrum.conductor.api.actions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.state.ProvisionEvent;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A provision verb with its arguments as a client sent them: the config drive (a string or a dict),
 * clean or deploy steps (kept as JSON: their arguments are free-form), whether to skip the ramdisk
 * (1.70), the rescue password and service steps (1.87). Steps are validated by the flows that run them.
 */
public record ProvisionRequest(ProvisionEvent verb, Optional<JsonNode> configdrive, List<JsonNode> cleanSteps,
                               List<JsonNode> deploySteps, Optional<Boolean> disableRamdisk,
                               Optional<String> rescuePassword, List<JsonNode> serviceSteps) {

    public ProvisionRequest {
        Objects.requireNonNull(verb, "verb");
        Objects.requireNonNull(configdrive, "configdrive");
        cleanSteps = List.copyOf(cleanSteps);
        deploySteps = List.copyOf(deploySteps);
        Objects.requireNonNull(disableRamdisk, "disableRamdisk");
        Objects.requireNonNull(rescuePassword, "rescuePassword");
        serviceSteps = List.copyOf(serviceSteps);
    }

    /** The bare verb, no arguments. */
    public static ProvisionRequest of(ProvisionEvent verb) {
        return new ProvisionRequest(verb, Optional.empty(), List.of(), List.of(), Optional.empty(), Optional.empty(),
                List.of());
    }
}
