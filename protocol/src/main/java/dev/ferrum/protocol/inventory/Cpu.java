package dev.ferrum.protocol.inventory;

import java.util.List;
import java.util.Optional;

/**
 * The processors: model, frequency as IPA reports it (MHz, a decimal string), logical CPU count,
 * architecture ({@code x86_64}, {@code aarch64}), feature flags and socket count.
 */
public record Cpu(
        Optional<String> modelName,
        Optional<String> frequency,
        int count,
        Optional<String> architecture,
        List<String> flags,
        Optional<Integer> socketCount) {

    public static final Cpu UNKNOWN = new Cpu(Optional.empty(), Optional.empty(), 0, Optional.empty(),
            List.of(), Optional.empty());

    public Cpu {
        modelName = Optionals.orEmpty(modelName);
        frequency = Optionals.orEmpty(frequency);
        architecture = Optionals.orEmpty(architecture);
        flags = flags == null ? List.of() : List.copyOf(flags);
        socketCount = Optionals.orEmpty(socketCount);
    }
}
