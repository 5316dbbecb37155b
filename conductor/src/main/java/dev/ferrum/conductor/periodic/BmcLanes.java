package dev.ferrum.conductor.periodic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Work on many nodes that talks to their BMCs, in parallel but bounded: at most {@code workers} nodes at once
 * overall, and one BMC address's nodes over at most {@code perBmc} lanes, each lane one node after the other, so a
 * BMC never sees more calls at once than that (ipmitool and most BMCs take one session at a time). Power sync and
 * takeover both go through here.
 */
final class BmcLanes {
    private static final System.Logger LOG = System.getLogger(BmcLanes.class.getName());

    private BmcLanes() {
    }

    /**
     * Runs {@code work} on every item and returns when all are done; a failure on one item is logged under
     * {@code what} and never stops the others.
     *
     * @param bmcOf the item's BMC address (a key unique to the item when it has none)
     * @param uuidOf the item's node, for the log
     */
    static <T> void run(List<T> items, Function<T, String> bmcOf, Function<T, ?> uuidOf, int workers, int perBmc,
            String what, Consumer<T> work) {
        Semaphore inFlight = new Semaphore(workers);
        try (ExecutorService lanes = Executors.newVirtualThreadPerTaskExecutor()) {
            for (List<T> lane : split(items, bmcOf, perBmc)) {
                lanes.submit(() -> lane.forEach(item -> {
                    inFlight.acquireUninterruptibly();
                    try {
                        work.accept(item);
                    } catch (RuntimeException failure) {
                        LOG.log(System.Logger.Level.ERROR, "node=" + uuidOf.apply(item) + " " + what + " failed: "
                                + failure.getMessage(), failure);
                    } finally {
                        inFlight.release();
                    }
                }));
            }
        }
    }

    /** The items split into lanes: each BMC address's over at most {@code perBmc} lanes, round robin. */
    static <T> Collection<List<T>> split(List<T> items, Function<T, String> bmcOf, int perBmc) {
        Map<String, List<List<T>>> byBmc = new LinkedHashMap<>();
        for (T item : items) {
            List<List<T>> lanes = byBmc.computeIfAbsent(bmcOf.apply(item), k -> new ArrayList<>());
            int placed = lanes.stream().mapToInt(List::size).sum();
            if (lanes.size() < perBmc) {
                lanes.add(new ArrayList<>());
            }
            lanes.get(placed % lanes.size()).add(item);
        }
        return byBmc.values().stream().flatMap(List::stream).toList();
    }
}
