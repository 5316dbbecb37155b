package dev.ferrum.conductor.fleet;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.Store;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Enrolls the benchmark's fleet directly through the {@link Store}, before the conductor starts: going
 * through the API would take four calls and two flow runs per node (create, port, manage, inspect) and
 * make seeding 10,000 nodes slower than the measurement. Each node is a {@code fake-hardware} node in
 * {@code inspect wait} with one port, no agent token yet (the agent's lookup issues it, as in a real
 * inspection) and a wait deadline far enough away that the sweeper leaves it alone during a run.
 * Node UUIDs and MACs follow from the index, so two seedings of the same size hold the same fleet.
 */
final class FleetSeed {
    private FleetSeed() {
    }

    static List<FleetMachine> seed(Store store, int count, Instant now, Instant deadline) {
        return seed(store, count, now, deadline, 1);
    }

    /**
     * As above, over {@code writers} threads: PostgreSQL commits of separate connections overlap (one writer
     * seeded 10,000 nodes in 97 s, too slow for 100,000), where SQLite's single writer gains nothing.
     */
    static List<FleetMachine> seed(Store store, int count, Instant now, Instant deadline, int writers) {
        try (ExecutorService pool = Executors.newFixedThreadPool(writers)) {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int first = w;
                done.add(pool.submit(() -> {
                    for (int i = first; i < count; i += writers) {
                        enroll(store, i, now, deadline);
                    }
                }));
            }
            for (Future<?> writer : done) {
                writer.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("seeding interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("seeding failed: " + e.getCause().getMessage(), e.getCause());
        }
        return machines(count);
    }

    private static void enroll(Store store, int index, Instant now, Instant deadline) {
        FleetMachine machine = machine(index);
        Node node = Node.builder(machine.node(), "fake-hardware", now)
                .name("fleet-" + index)
                .interfaces(NodeInterfaces.allOf("fake"))
                .provisionState(ProvisionState.INSPECT_WAIT)
                .targetProvisionState(ProvisionState.MANAGEABLE)
                .inspectionStartedAt(now)
                .editInternal(s -> s.withWaitDeadline(Optional.of(deadline)))
                .build();
        store.nodes().create(node);
        store.ports().create(Port.create(UUID.nameUUIDFromBytes(("fleet-port-" + index)
                .getBytes(StandardCharsets.UTF_8)), machine.mac(), machine.node(), now));
    }

    /** The machines {@link #seed} enrolls for a fleet of {@code count}, without touching a store. */
    static List<FleetMachine> machines(int count) {
        List<FleetMachine> machines = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            machines.add(machine(i));
        }
        return machines;
    }

    /** The {@code index}th machine: a locally administered MAC 02:fe:xx:xx:xx:xx and a name-based UUID. */
    static FleetMachine machine(int index) {
        if (index < 0 || index >= 1 << 24) {
            throw new IllegalArgumentException("fleet index must be 0..16777215, got " + index);
        }
        String low = HexFormat.ofDelimiter(":").formatHex(new byte[] {
                (byte) (index >>> 16), (byte) (index >>> 8), (byte) index});
        return new FleetMachine(UUID.nameUUIDFromBytes(("fleet-node-" + index).getBytes(StandardCharsets.UTF_8)),
                MacAddresses.parse("02:fe:00:" + low));
    }
}
