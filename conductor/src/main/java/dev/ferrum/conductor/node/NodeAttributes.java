package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A node's fields beyond provisioning, as Ironic has them: what operators note and set (description,
 * owner, lessee, protection, retirement, network data, shard) and what the conductor reports (fault,
 * boot mode, secure boot). {@code parentNode} and {@code disablePowerOff} are kept for API versions past
 * the ones served (1.83, 1.95) and never shown yet. A reason is only kept while its flag is set.
 */
public record NodeAttributes(
        Optional<String> description,
        Optional<String> owner,
        Optional<String> lessee,
        boolean isProtected,
        Optional<String> protectedReason,
        boolean retired,
        Optional<String> retiredReason,
        JsonDict networkData,
        Optional<String> shard,
        Optional<Fault> fault,
        Optional<String> bootMode,
        Optional<Boolean> secureBoot,
        Optional<UUID> parentNode,
        boolean disablePowerOff) {

    public NodeAttributes {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(lessee, "lessee");
        protectedReason = isProtected ? Objects.requireNonNull(protectedReason, "protectedReason") : Optional.empty();
        retiredReason = retired ? Objects.requireNonNull(retiredReason, "retiredReason") : Optional.empty();
        Objects.requireNonNull(networkData, "networkData");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(bootMode, "bootMode");
        Objects.requireNonNull(secureBoot, "secureBoot");
        Objects.requireNonNull(parentNode, "parentNode");
    }

    /** Nothing set: a new node's. */
    public static NodeAttributes none() {
        return new NodeAttributes(Optional.empty(), Optional.empty(), Optional.empty(), false, Optional.empty(), false,
                Optional.empty(), JsonDict.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), false);
    }

    public NodeAttributes withDescription(Optional<String> text) {
        return new NodeAttributes(text, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withOwner(Optional<String> project) {
        return new NodeAttributes(description, project, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withLessee(Optional<String> project) {
        return new NodeAttributes(description, owner, project, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withProtection(boolean on, Optional<String> reason) {
        return new NodeAttributes(description, owner, lessee, on, reason, retired, retiredReason, networkData, shard,
                fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withRetirement(boolean on, Optional<String> reason) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, on, reason, networkData,
                shard, fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withNetworkData(JsonDict data) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                data, shard, fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withShard(Optional<String> name) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, name, fault, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    public NodeAttributes withFault(Optional<Fault> why) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, why, bootMode, secureBoot, parentNode, disablePowerOff);
    }

    /** The boot mode and secure boot state as the management interface last read them. */
    public NodeAttributes withBootMode(Optional<String> mode, Optional<Boolean> secure) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, fault, mode, secure, parentNode, disablePowerOff);
    }

    public NodeAttributes withParentNode(Optional<UUID> parent) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, fault, bootMode, secureBoot, parent, disablePowerOff);
    }

    public NodeAttributes withDisablePowerOff(boolean disable) {
        return new NodeAttributes(description, owner, lessee, isProtected, protectedReason, retired, retiredReason,
                networkData, shard, fault, bootMode, secureBoot, parentNode, disable);
    }

    /** Whether {@code project} owns or leases the node: Ironic's {@code project} filter on nodes. */
    public boolean ownedOrLeasedBy(String project) {
        return owner.filter(project::equals).isPresent() || lessee.filter(project::equals).isPresent();
    }
}
