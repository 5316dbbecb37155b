package dev.ferrum.hardware.spi;

import java.util.Optional;

/**
 * The node a step runs for, as the conductor sent it. Its free-form dicts ({@code properties},
 * {@code driver_internal_info}, …) are read as typed values the agent maps them to: a field as a
 * {@code String}, {@code Integer}, {@code Boolean} or a record, or the whole node as a record that
 * names the parts a step needs.
 */
public interface StepNode {

    /** The node's UUID; empty text when the conductor did not send one. */
    String uuid();

    /**
     * The value of {@code key} in the node's {@code section}, converted to {@code type}; empty when
     * the key is absent or null.
     *
     * @throws StepArgumentException naming the field when the value does not convert to {@code type}
     */
    <T> Optional<T> field(NodeSection section, String key, Class<T> type);

    /**
     * The whole node document as {@code view}, a record whose components name the node's fields in
     * camelCase ({@code driverInternalInfo} for {@code driver_internal_info}); unknown fields are
     * ignored.
     *
     * @throws StepArgumentException when the node does not fit {@code view}
     */
    <T> T as(Class<T> view);
}
