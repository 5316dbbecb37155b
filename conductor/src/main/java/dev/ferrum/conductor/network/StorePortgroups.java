package dev.ferrum.conductor.network;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.portgroup.Portgroup;
import dev.ferrum.conductor.store.PortgroupStore;
import dev.ferrum.conductor.store.Store;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A node's portgroups from the store as {@link PortLike}s, oldest first. A portgroup's physical network is
 * its members' (they share one, the store enforces it) and it counts as PXE-enabled when a member is, as
 * Ironic ranks portgroups by their ports.
 */
public final class StorePortgroups implements PortLikeSource {
    private final Store store;

    public StorePortgroups(Store store) {
        this.store = store;
    }

    @Override
    public List<PortLike> of(UUID node) {
        return store.portgroups().listByNode(node).stream().map(this::portLike).toList();
    }

    private PortLike portLike(Portgroup group) {
        List<PortgroupStore.Member> members = store.portgroups().members(group.uuid());
        Optional<String> physicalNetwork = members.stream().map(PortgroupStore.Member::physicalNetwork)
                .flatMap(Optional::stream).findFirst();
        boolean pxe = members.stream().anyMatch(PortgroupStore.Member::pxeEnabled);
        return new PortLike(PortLike.Kind.PORTGROUP, group.uuid(), Optional.empty(), physicalNetwork, pxe,
                group.internalInfo());
    }

    @Override
    public void saveInternalInfo(PortLike target, JsonDict internalInfo) {
        store.portgroups().setInternalInfo(target.uuid(), internalInfo);
    }
}
