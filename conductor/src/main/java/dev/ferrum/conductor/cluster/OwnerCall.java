package dev.ferrum.conductor.cluster;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A synchronous action the API of a conductor that does not own the node asks of the node's ring owner, and waits
 * for: the store carries it there and the reply back.
 *
 * @param arguments the action's arguments as a JSON object's text (what the API checked before handing off)
 * @param requestedBy the conductor whose API took the request and waits for the reply
 * @param user the API user who asked, whom the owner's history entries name (empty when the request named nobody)
 * @param deadline after it the owner no longer starts the call: the caller has answered its client already
 */
public record OwnerCall(UUID id, UUID node, OwnerAction action, String arguments, String requestedBy,
                        Optional<String> user, Instant requestedAt, Instant deadline) {

    public OwnerCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(requestedBy, "requestedBy");
        Objects.requireNonNull(user, "user");
        requestedAt = Objects.requireNonNull(requestedAt, "requestedAt").truncatedTo(ChronoUnit.MICROS);
        deadline = Objects.requireNonNull(deadline, "deadline").truncatedTo(ChronoUnit.MICROS);
        if (!deadline.isAfter(requestedAt)) {
            throw new IllegalArgumentException("a call's deadline comes after its request: " + deadline);
        }
    }
}
