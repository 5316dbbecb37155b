package dev.ferrum.conductor.network;

import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Tenant VIFs of a node, recorded on its ports and portgroups as Ironic's network interfaces record them
 * without Neutron: attaching picks a free port-like object (a portgroup before a port, a PXE-enabled port
 * before another, a group whose member already holds a VIF gives up its free members instead) and writes
 * the VIF into its {@code internal_info}; detaching removes it. Each change holds the node's lock.
 */
public final class VifAttachments {
    /** How long a request waits for the node's lock before answering 409, as Ironic retries. */
    private static final java.time.Duration LOCK_WAIT = java.time.Duration.ofSeconds(2);
    private static final System.Logger LOG = System.getLogger(VifAttachments.class.getName());

    private final Store store;
    private final String conductor;
    private final PortLikeSource ports;
    private final PortLikeSource portgroups;

    public VifAttachments(Store store, String conductor, PortLikeSource ports, PortLikeSource portgroups) {
        this.store = store;
        this.conductor = conductor;
        this.ports = ports;
        this.portgroups = portgroups;
    }

    /** The VIF ids attached to the node, ports first, as Ironic lists them. */
    public List<String> list(Node node) {
        List<String> vifs = new ArrayList<>();
        for (PortLike object : concat(ports.of(node.uuid()), portgroups.of(node.uuid()))) {
            object.tenantVif().ifPresent(vifs::add);
        }
        return vifs;
    }

    /**
     * Attaches the VIF: 409 when it is already attached to this node, 400 when no free port or portgroup
     * is left (or the one asked for is not free).
     */
    public void attach(Node node, VifRequest vif) {
        store.locks().withLockWaiting(node.uuid(), conductor, LOCK_WAIT, lock -> {
            PortLike target = freePortLike(node.uuid(), vif);
            sourceOf(target).saveInternalInfo(target, target.internalInfo().with(PortLike.TENANT_VIF_KEY, vif.id()));
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " VIF " + vif.id() + " attached to "
                    + target.kind().typeName().toLowerCase(java.util.Locale.ROOT) + " " + target.uuid());
            return null;
        });
    }

    /** Detaches the VIF; 400 when it is not attached to this node. */
    public void detach(Node node, String vifId) {
        store.locks().withLockWaiting(node.uuid(), conductor, LOCK_WAIT, lock -> {
            for (PortLike object : concat(portgroups.of(node.uuid()), ports.of(node.uuid()))) {
                if (object.tenantVif().equals(Optional.of(vifId))) {
                    sourceOf(object).saveInternalInfo(object, object.internalInfo().without(PortLike.TENANT_VIF_KEY));
                    LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " VIF " + vifId + " detached");
                    return null;
                }
            }
            throw new InvalidInputException("Unable to detach VIF " + vifId + " from node " + node.uuid()
                    + " because it is not attached to it.");
        });
    }

    private PortLikeSource sourceOf(PortLike object) {
        return object.kind() == PortLike.Kind.PORT ? ports : portgroups;
    }

    private PortLike freePortLike(UUID node, VifRequest vif) {
        List<PortLike> free = new ArrayList<>();
        Map<Optional<UUID>, List<PortLike>> freeByGroup = new LinkedHashMap<>();
        // Groups one of whose ports already holds a VIF: their free ports are offered one by one instead.
        Set<Optional<UUID>> busyGroups = new HashSet<>();
        for (PortLike port : ports.of(node)) {
            if (vif.portUuid().isPresent() && !vif.portUuid().get().equals(port.uuid())) {
                continue;
            }
            if (attached(port, vif.id())) {
                busyGroups.add(port.portgroup());
                continue;
            }
            if (port.portgroup().isEmpty() && vif.portgroupUuid().isEmpty()) {
                free.add(port);
            } else {
                freeByGroup.computeIfAbsent(port.portgroup(), g -> new ArrayList<>()).add(port);
            }
        }
        if (vif.portUuid().isEmpty()) {
            for (PortLike group : portgroups.of(node)) {
                if ((vif.portgroupUuid().isPresent() && !vif.portgroupUuid().get().equals(group.uuid()))
                        || attached(group, vif.id())) {
                    continue;
                }
                List<PortLike> members = freeByGroup.getOrDefault(Optional.of(group.uuid()), List.of());
                if (busyGroups.contains(Optional.of(group.uuid()))) {
                    if (vif.portgroupUuid().isEmpty()) {
                        free.addAll(members);
                    }
                } else if (!members.isEmpty()) {
                    free.add(group);
                }
            }
        }
        if (free.isEmpty()) {
            throw new InvalidInputException("Unable to attach VIF " + vif.id() + ", not enough free physical ports.");
        }
        // Without Neutron no VIF names physical networks, so only the kind and PXE decide; the sort is stable.
        free.sort(Comparator.comparing((PortLike p) -> p.kind() == PortLike.Kind.PORTGROUP)
                .thenComparing(p -> p.kind() == PortLike.Kind.PORTGROUP || p.pxeEnabled()).reversed());
        return free.get(0);
    }

    /** Whether some VIF sits on the object; 409 if it is this one. */
    private static boolean attached(PortLike object, String vifId) {
        Optional<String> current = object.tenantVif();
        if (current.equals(Optional.of(vifId))) {
            throw new ConflictException("Unable to attach VIF because VIF " + vifId + " is already attached to Ironic "
                    + object.kind().typeName() + " " + object.uuid());
        }
        return current.isPresent();
    }

    private static List<PortLike> concat(List<PortLike> first, List<PortLike> second) {
        List<PortLike> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
