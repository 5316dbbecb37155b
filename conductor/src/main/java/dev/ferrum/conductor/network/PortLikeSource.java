package dev.ferrum.conductor.network;

import dev.ferrum.conductor.json.JsonDict;
import java.util.List;
import java.util.UUID;

/**
 * Where {@link VifAttachments} finds a node's ports or portgroups and records VIFs on them. Ports are one
 * source; portgroups are another, added beside it without changing how a VIF picks its place.
 */
public interface PortLikeSource {

    /** The node's objects of this source's kind, in a stable order (creation order where known). */
    List<PortLike> of(UUID node);

    /** Replaces the object's internal_info. */
    void saveInternalInfo(PortLike target, JsonDict internalInfo);

    /** A source with nothing in it, for a kind the conductor does not store (yet). */
    static PortLikeSource none() {
        return new PortLikeSource() {
            @Override
            public List<PortLike> of(UUID node) {
                return List.of();
            }

            @Override
            public void saveInternalInfo(PortLike target, JsonDict internalInfo) {
                throw new IllegalStateException("no " + target.kind().typeName() + " can be stored here");
            }
        };
    }
}
