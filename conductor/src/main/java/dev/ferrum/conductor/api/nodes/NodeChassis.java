package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.store.Store;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * A node's {@code chassis_uuid}: taken out of create bodies and patches before the rest of the node is
 * read, checked against the stored chassis (an unknown one is Ironic's 400, since it is named in the
 * body), written after the node, and the {@code chassis_uuid} listing filter. Removing it needs 1.25.
 */
final class NodeChassis {
    private static final String FIELD = "chassis_uuid";

    private final Store store;

    NodeChassis(Store store) {
        this.store = store;
    }

    /** Removes {@code chassis_uuid} from a create body and returns the chassis it names, checked. */
    Optional<UUID> takeFromCreate(ObjectNode body) {
        JsonNode value = body.remove(FIELD);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        return Optional.of(existing(value));
    }

    /** The patch without its {@code /chassis_uuid} operations. */
    static JsonPatch withoutChassis(JsonPatch patch) {
        return new JsonPatch(patch.operations().stream().filter(op -> !op.path().get(0).equals(FIELD)).toList());
    }

    /**
     * The node's chassis after the patch's {@code /chassis_uuid} operations, or empty when they change
     * nothing; the outer optional is empty when the patch has none.
     */
    Optional<Optional<UUID>> patched(ApiCall call, JsonPatch patch, UUID node) {
        List<JsonPatch.Operation> ops = patch.operations().stream().filter(op -> op.path().get(0).equals(FIELD))
                .toList();
        if (ops.isEmpty()) {
            return Optional.empty();
        }
        Optional<UUID> current = store.chassis().chassisOf(node);
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put(FIELD, current.map(UUID::toString).orElse(null));
        new JsonPatch(ops).applyTo(document);
        JsonNode value = document.get(FIELD);
        Optional<UUID> next = value == null || value.isNull() ? Optional.empty() : Optional.of(existing(value));
        if (current.isPresent() && next.isEmpty() && !call.atLeast(1, 25)) {
            throw new ApiException(406, "Removing chassis_uuid needs API version 1.25 or later.");
        }
        return Optional.of(next);
    }

    void assign(UUID node, Optional<UUID> chassis) {
        store.chassis().assign(node, chassis);
    }

    Optional<UUID> chassisOf(UUID node) {
        return store.chassis().chassisOf(node);
    }

    /**
     * The listing filter: the chassis of the path ({@code /v1/chassis/<uuid>/nodes}) or of the
     * {@code chassis_uuid} parameter; an unknown chassis is a 404 as in Ironic.
     */
    Predicate<UUID> filter(ApiCall call, Optional<String> fromPath) {
        Optional<String> raw = fromPath.or(() -> call.query(FIELD));
        if (raw.isEmpty()) {
            return node -> true;
        }
        UUID chassis = uuid(raw.get());
        if (store.chassis().find(chassis).isEmpty()) {
            throw NotFoundException.of("Chassis", chassis.toString());
        }
        Set<UUID> members = store.chassis().nodesIn(chassis);
        return members::contains;
    }

    private UUID existing(JsonNode value) {
        if (!value.isTextual()) {
            throw new InvalidInputException("Expected a UUID for chassis_uuid but received " + value + ".");
        }
        UUID chassis = uuid(value.asText());
        if (store.chassis().find(chassis).isEmpty()) {
            throw new InvalidInputException("Chassis " + chassis + " could not be found.");
        }
        return chassis;
    }

    private static UUID uuid(String raw) {
        try {
            return UUID.fromString(raw);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("Expected a UUID but received " + raw + ".");
        }
    }
}
