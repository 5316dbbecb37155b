package dev.ferrum.conductor.allocation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a node must offer to be given to an allocation: Ironic's resource class, traits and candidate
 * list, plus Ferrum's exact-match sizes (the Nova driver seed's exact-match scheduling): when a size
 * is requested the node's {@code properties} value must equal it, or, only when
 * {@code allowLarger} is set, be at least it — a bigger node is never handed out unasked.
 */
public record AllocationRequirements(String resourceClass, List<String> traits, List<String> candidateNodes,
                                     Optional<Long> cpus, Optional<Long> memoryMb, Optional<Long> localGb,
                                     boolean allowLarger) {

    public AllocationRequirements {
        Objects.requireNonNull(resourceClass, "resourceClass");
        traits = List.copyOf(traits);
        candidateNodes = List.copyOf(candidateNodes);
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(memoryMb, "memoryMb");
        Objects.requireNonNull(localGb, "localGb");
    }

    /** Why {@code node} does not fit, or empty when it does (availability is checked elsewhere). */
    public Optional<String> mismatch(Node node) {
        if (!node.resourceClass().equals(Optional.of(resourceClass))) {
            return Optional.of("resource class " + node.resourceClass().orElse("(none)"));
        }
        if (!node.traits().containsAll(traits)) {
            List<String> missing = new ArrayList<>(traits);
            missing.removeAll(node.traits());
            return Optional.of("missing traits " + missing);
        }
        for (var size : List.of(new Size("cpus", cpus), new Size("memory_mb", memoryMb), new Size("local_gb", localGb))) {
            if (size.wanted().isEmpty()) {
                continue;
            }
            Optional<Long> has = node.properties().get(size.name()).flatMap(AllocationRequirements::number);
            long wanted = size.wanted().get();
            boolean fits = has.isPresent() && (allowLarger ? has.get() >= wanted : has.get() == wanted);
            if (!fits) {
                return Optional.of(size.name() + " " + has.map(String::valueOf).orElse("unknown") + " instead of "
                        + (allowLarger ? "at least " : "exactly ") + wanted);
            }
        }
        return Optional.empty();
    }

    private record Size(String name, Optional<Long> wanted) {
    }

    /** Node properties come as numbers or numeric strings ("2048"), depending on who wrote them. */
    public static Optional<Long> number(JsonNode value) {
        if (value.isIntegralNumber()) {
            return Optional.of(value.asLong());
        }
        if (value.isTextual()) {
            try {
                return Optional.of(Long.parseLong(value.asText().strip()));
            } catch (NumberFormatException notANumber) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
