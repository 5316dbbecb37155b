package dev.ferrum.conductor.network;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.store.Store;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** A node's ports from the store as {@link PortLike}s, oldest first (Ironic walks a node's ports in id order). */
public final class StorePorts implements PortLikeSource {
    private final Store store;

    public StorePorts(Store store) {
        this.store = store;
    }

    @Override
    public List<PortLike> of(UUID node) {
        Map<UUID, JsonDict> internal = store.portInternalInfo().byNode(node);
        return store.ports().listByNode(node).stream()
                .sorted(Comparator.comparing(Port::createdAt).thenComparing(p -> p.uuid().toString()))
                .map(p -> new PortLike(PortLike.Kind.PORT, p.uuid(), store.portgroups().portgroupOf(p.uuid()),
                        p.physicalNetwork(),
                        p.pxeEnabled(), internal.getOrDefault(p.uuid(), JsonDict.empty())))
                .toList();
    }

    @Override
    public void saveInternalInfo(PortLike target, JsonDict internalInfo) {
        store.portInternalInfo().set(target.uuid(), internalInfo);
    }
}
