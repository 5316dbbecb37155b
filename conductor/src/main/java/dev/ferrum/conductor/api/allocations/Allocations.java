package dev.ferrum.conductor.api.allocations;

import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.allocation.AllocationRequirements;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;

/**
 * Allocations and the matching that grants them, asynchronously as in Ironic: an available, non-maintenance node without an
 * instance that meets the {@link AllocationRequirements} is claimed under its lock by setting its
 * {@code instance_uuid} to the allocation's uuid, re-checked after locking, so two allocations never get
 * the same node. Allocations and the claims on nodes are both stored, so they survive a restart.
 */
public final class Allocations {
    private static final System.Logger LOG = System.getLogger(Allocations.class.getName());

    private static final int LOCK_ROUNDS = 5;
    private static final long LOCK_RETRY_PAUSE_MILLIS = 50;

    private final Store store;
    private final String conductor;
    private final Clock clock;
    private final Executor worker;

    /** Processes allocations on a virtual thread each, as Ironic's conductor spawns a worker per allocation. */
    public Allocations(Store store, String conductor, Clock clock) {
        this(store, conductor, clock, task -> Thread.ofVirtual().name("allocation").start(task));
    }

    public Allocations(Store store, String conductor, Clock clock, Executor worker) {
        this.store = store;
        this.conductor = conductor;
        this.clock = clock;
        this.worker = worker;
    }

    /**
     * Records a new allocation in {@code allocating} and returns it; a worker then looks for a node and
     * records the outcome ({@code active} with a node, or {@code error} with last_error), as Ironic's
     * conductor does after answering.
     */
    public Allocation create(UUID uuid, Optional<String> name, AllocationRequirements requirements, JsonDict extra,
                             Optional<String> owner) {
        // Stored first: a taken uuid or name is refused before any node is claimed.
        Allocation fresh = store.allocations().create(Allocation.requested(uuid, name, requirements, extra, owner,
                clock.instant()));
        // A conductor that dies before the worker finishes leaves it allocating; Recovery settles it once stale.
        worker.execute(() -> process(fresh));
        return fresh;
    }

    private void process(Allocation allocation) {
        Allocation done;
        try {
            done = grant(allocation);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "allocation " + allocation.uuid() + " failed unexpectedly", e);
            done = allocation.failed("Unexpected exception during allocation: " + e.getMessage(), clock.instant());
        }
        if (done.state() == Allocation.State.ERROR) {
            LOG.log(System.Logger.Level.WARNING, "allocation " + allocation.uuid() + " failed: "
                    + done.lastError().orElse(""));
        }
        try {
            store.allocations().update(done);
        } catch (NotFoundException deletedMeanwhile) {
            // The allocation was deleted while a node was being chosen: the claim must not outlive it.
            done.nodeUuid().ifPresent(node -> releaseClaim(node, allocation.uuid()));
        }
    }

    /**
     * Backfills an allocation for a node deployed without one (API 1.58): the node must be active, match the
     * requirements and not hold another instance. The allocation is stored either way; when the node does not
     * fit it is left in {@code error} and the answer is Ironic's 500.
     */
    public Allocation backfill(Optional<UUID> uuid, Optional<String> name, AllocationRequirements requirements,
                               JsonDict extra, Optional<String> owner, Node node) {
        UUID id = uuid.or(node::instanceUuid).orElseGet(UUID::randomUUID);
        Optional<Allocation> held = store.allocations().findByNode(node.uuid());
        if (held.isPresent()) {
            throw new ConflictException("Node " + node.uuid() + " already has allocation " + held.get().uuid()
                    + "; delete it first.");
        }
        Allocation fresh = store.allocations().create(Allocation.requested(id, name, requirements, extra, owner,
                clock.instant()));
        try {
            return store.locks().withLock(node.uuid(), conductor, lock -> {
                Node current = store.nodes().get(node.uuid());
                if (current.instanceUuid().isPresent() && !current.instanceUuid().get().equals(id)) {
                    throw new ConflictException("Node " + current.uuid() + " is associated with instance "
                            + current.instanceUuid().get() + ".");
                }
                List<String> errors = backfillMismatches(current, requirements);
                if (!errors.isEmpty()) {
                    throw new ApiException(500, "Failed to process allocation " + id + ": Cannot backfill an"
                            + " allocation for node " + current.uuid() + ": " + String.join("; ", errors) + ".");
                }
                if (current.instanceUuid().isEmpty()) {
                    store.nodes().update(lock, current.version(), b -> b.instanceUuid(Optional.of(id)));
                }
                LOG.log(System.Logger.Level.INFO, "node=" + current.uuid() + " backfilled with allocation " + id);
                return store.allocations().update(fresh.granted(current.uuid(), clock.instant()));
            });
        } catch (RuntimeException e) {
            store.allocations().update(fresh.failed(e.getMessage(), clock.instant()));
            throw e;
        }
    }

    private static List<String> backfillMismatches(Node node, AllocationRequirements wants) {
        List<String> errors = new ArrayList<>();
        if (node.provisionState() != ProvisionState.ACTIVE) {
            errors.add("Node must be in the \"active\" state, but the current state is \""
                    + node.provisionState().wireName() + "\"");
        }
        if (!wants.resourceClass().isEmpty() && !node.resourceClass().equals(Optional.of(wants.resourceClass()))) {
            errors.add("Resource class " + node.resourceClass().orElse("None") + " does not match the requested"
                    + " resource class " + wants.resourceClass());
        }
        if (!node.traits().containsAll(wants.traits())) {
            errors.add("List of traits " + node.traits() + " does not match the requested traits " + wants.traits());
        }
        if (!wants.candidateNodes().isEmpty() && !wants.candidateNodes().contains(node.uuid().toString())
                && node.name().filter(wants.candidateNodes()::contains).isEmpty()) {
            errors.add("Candidate nodes must be empty or contain the target node, but got " + wants.candidateNodes());
        }
        return errors;
    }

    /** Renames the allocation and replaces its extra (API 1.57). */
    public Allocation update(Allocation allocation, Optional<String> name, JsonDict extra) {
        return store.allocations().updateDetails(allocation.withDetails(name, extra, clock.instant()));
    }

    private Allocation grant(Allocation allocation) {
        AllocationRequirements wants = allocation.requirements();
        List<Node> pending = candidates(wants);
        List<String> declined = new ArrayList<>();
        // A node locked by a racing allocation may yet be left free; it is retried a few times before
        // it counts as declined, so a lost race does not fail an allocation a free node could serve.
        for (int round = 1; !pending.isEmpty(); round++) {
            List<Node> locked = new ArrayList<>();
            for (Node candidate : pending) {
                Optional<UUID> granted = tryClaim(candidate, allocation, declined, locked);
                if (granted.isPresent()) {
                    return allocation.granted(granted.get(), clock.instant());
                }
            }
            if (locked.isEmpty() || round == LOCK_ROUNDS) {
                locked.forEach(n -> declined.add(n.uuid() + ": locked by another operation"));
                break;
            }
            pending = locked;
            pause();
        }
        String error = "No available node matches resource class " + wants.resourceClass()
                + (wants.traits().isEmpty() ? "" : " with traits " + wants.traits())
                + sizes(wants) + (declined.isEmpty() ? "; no node was available."
                : "; nodes considered: " + String.join("; ", declined) + ".");
        return allocation.failed(error, clock.instant());
    }

    private Optional<UUID> tryClaim(Node candidate, Allocation allocation, List<String> declined, List<Node> locked) {
        Optional<String> why = unfit(candidate, allocation);
        if (why.isPresent()) {
            declined.add(candidate.uuid() + ": " + why.get());
            return Optional.empty();
        }
        Optional<NodeLock> lock = store.locks().tryAcquire(candidate.uuid(), conductor);
        if (lock.isEmpty()) {
            locked.add(candidate);
            return Optional.empty();
        }
        try {
            Node current = store.nodes().get(candidate.uuid());
            // Checked again under the lock: another allocation may have claimed it meanwhile.
            Optional<String> stillUnfit = unfit(current, allocation);
            if (stillUnfit.isPresent()) {
                declined.add(candidate.uuid() + ": " + stillUnfit.get());
                return Optional.empty();
            }
            store.nodes().update(lock.get(), current.version(), b -> b.instanceUuid(Optional.of(allocation.uuid())));
            LOG.log(System.Logger.Level.INFO, "node=" + current.uuid() + " allocated to " + allocation.uuid());
            return Optional.of(current.uuid());
        } finally {
            store.locks().release(lock.get());
        }
    }

    private static void pause() {
        try {
            Thread.sleep(LOCK_RETRY_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a locked node", e);
        }
    }

    private List<Node> candidates(AllocationRequirements wants) {
        if (!wants.candidateNodes().isEmpty()) {
            return wants.candidateNodes().stream().map(ident -> store.nodes().getByIdent(ident)).toList();
        }
        List<Node> nodes = new ArrayList<>();
        NodeQuery query = NodeQuery.all().withProvisionState(ProvisionState.AVAILABLE).withMaintenance(false)
                .withResourceClass(wants.resourceClass());
        Page<Node> page = store.nodes().list(query);
        nodes.addAll(page.items());
        while (page.nextMarker().isPresent()) {
            page = store.nodes().list(query.after(page.nextMarker().get()));
            nodes.addAll(page.items());
        }
        nodes.sort(Comparator.comparing(n -> n.uuid().toString()));
        return nodes;
    }

    private static Optional<String> unfit(Node node, Allocation allocation) {
        // An allocation with an owner takes only that project's nodes, owned or leased, as Ironic's does.
        Optional<String> project = allocation.owner();
        if (project.isPresent() && !node.attributes().ownedOrLeasedBy(project.get())) {
            return Optional.of("neither owned nor leased by project " + project.get());
        }
        return unfit(node, allocation.requirements());
    }

    private static Optional<String> unfit(Node node, AllocationRequirements wants) {
        if (node.provisionState() != ProvisionState.AVAILABLE) {
            return Optional.of("provision state " + node.provisionState());
        }
        if (node.maintenance()) {
            return Optional.of("in maintenance");
        }
        if (node.instanceUuid().isPresent()) {
            return Optional.of("already has instance " + node.instanceUuid().get());
        }
        return wants.mismatch(node);
    }

    private static String sizes(AllocationRequirements wants) {
        List<String> parts = new ArrayList<>();
        wants.cpus().ifPresent(c -> parts.add("cpus=" + c));
        wants.memoryMb().ifPresent(m -> parts.add("memory_mb=" + m));
        wants.localGb().ifPresent(g -> parts.add("local_gb=" + g));
        return parts.isEmpty() ? "" : " and " + (wants.allowLarger() ? "at least " : "exactly ") + String.join(", ", parts);
    }

    /** The allocation by uuid or name, or {@link NotFoundException}. */
    public Allocation get(String ident) {
        return store.allocations().findByIdent(ident).orElseThrow(() -> NotFoundException.of("Allocation", ident));
    }

    /** Every allocation in uuid order. */
    public List<Allocation> list() {
        return store.allocations().list();
    }

    /** The node by uuid or name, or {@link NotFoundException}. */
    public Node node(String ident) {
        return store.nodes().getByIdent(ident);
    }

    /** The allocation of the node named by {@code nodeIdent} (uuid or name); 404 for no node or no allocation. */
    public Allocation ofNode(String nodeIdent) {
        Node node = store.nodes().getByIdent(nodeIdent);
        return store.allocations().findByNode(node.uuid()).orElseThrow(() -> new NotFoundException(
                "Allocation for node " + nodeIdent + " was not found"));
    }

    /** The allocation holding {@code node}, if any. */
    public Optional<UUID> allocationOf(UUID node) {
        return store.allocations().findByNode(node).map(Allocation::uuid);
    }

    /**
     * Deletes the allocation and frees its node's {@code instance_uuid}; refused (409) while the node is
     * deployed or being deployed, unless it is in maintenance, as Ironic does.
     */
    public void delete(String ident) {
        Allocation allocation = get(ident);
        if (allocation.nodeUuid().isPresent()) {
            UUID nodeUuid = allocation.nodeUuid().get();
            Optional<Node> node = store.nodes().find(nodeUuid);
            if (node.isPresent()) {
                Node held = node.get();
                boolean busy = held.provisionState() != ProvisionState.AVAILABLE
                        && held.provisionState() != ProvisionState.MANAGEABLE
                        && held.provisionState() != ProvisionState.ENROLL;
                if (busy && !held.maintenance()) {
                    throw new ConflictException("Allocation " + allocation.uuid() + " can not be removed from node "
                            + held.displayName() + " in provision state \"" + held.provisionState()
                            + "\"; undeploy the node first or set maintenance.");
                }
                releaseClaim(nodeUuid, allocation.uuid());
            }
        }
        store.allocations().delete(allocation.uuid());
    }

    private void releaseClaim(UUID nodeUuid, UUID allocation) {
        store.locks().withLock(nodeUuid, conductor, lock -> {
            Node current = store.nodes().get(nodeUuid);
            // Only the allocation's own claim is undone; an operator may have re-pointed the node since.
            return current.instanceUuid().equals(Optional.of(allocation))
                    ? store.nodes().update(lock, current.version(), b -> b.instanceUuid(Optional.empty()))
                    : current;
        });
    }
}
