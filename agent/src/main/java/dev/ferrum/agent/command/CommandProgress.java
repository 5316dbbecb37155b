package dev.ferrum.agent.command;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.hardware.registry.JsonProgress;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Where a running command publishes its progress. A handler registers a supplier of its current
 * progress document (read only when someone asks, so reporting costs nothing between polls); the
 * document appears as the command's {@code command_result} while it is RUNNING.
 */
public final class CommandProgress implements JsonProgress {
    private final AtomicReference<Supplier<JsonNode>> source = new AtomicReference<>();

    /** Publishes progress read from {@code supplier} whenever the command's state is asked for. */
    @Override
    public void follow(Supplier<JsonNode> supplier) {
        source.set(supplier);
    }

    /** The current progress document, if the handler publishes one. */
    public Optional<JsonNode> current() {
        Supplier<JsonNode> supplier = source.get();
        return supplier == null ? Optional.empty() : Optional.ofNullable(supplier.get());
    }
}
