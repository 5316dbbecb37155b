package dev.ferrum.conductor.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class HashRingTest {
    private static final int NODES = 10_000;

    private static List<String> keys() {
        Random random = new Random(13);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            keys.add(new UUID(random.nextLong(), random.nextLong()).toString());
        }
        return keys;
    }

    private static Map<String, String> owners(HashRing ring, List<String> keys) {
        Map<String, String> owners = new HashMap<>();
        keys.forEach(key -> owners.put(key, ring.owner(key).orElseThrow()));
        return owners;
    }

    @Test
    void everyConductorBuildingTheRingFromTheSameMembersAgreesOnEachOwner() {
        HashRing one = HashRing.of(List.of("c1", "c2", "c3"), HashRing.DEFAULT_PARTITION_EXPONENT);
        HashRing other = HashRing.of(List.of("c3", "c1", "c2", "c1"), HashRing.DEFAULT_PARTITION_EXPONENT);
        List<String> keys = keys();
        assertEquals(owners(one, keys), owners(other, keys));
        assertEquals(List.of("c1", "c2", "c3"), other.hosts());
    }

    @Test
    void nodesSpreadOverTheConductors() {
        HashRing ring = HashRing.of(List.of("c1", "c2", "c3"), HashRing.DEFAULT_PARTITION_EXPONENT);
        Map<String, Integer> counts = new HashMap<>();
        owners(ring, keys()).values().forEach(host -> counts.merge(host, 1, Integer::sum));
        assertEquals(3, counts.size());
        // 32 points per host: each third within a generous band around 1/3.
        counts.values().forEach(count -> assertTrue(count > NODES / 6 && count < NODES / 2, counts.toString()));
    }

    @Test
    void addingAFourthConductorMovesAboutAQuarterOfTheNodesAllToIt() {
        List<String> keys = keys();
        Map<String, String> before = owners(HashRing.of(List.of("c1", "c2", "c3"), 5), keys);
        Map<String, String> after = owners(HashRing.of(List.of("c1", "c2", "c3", "c4"), 5), keys);
        int moved = 0;
        for (String key : keys) {
            if (!before.get(key).equals(after.get(key))) {
                moved++;
                assertEquals("c4", after.get(key), "a node moved between two old conductors");
            }
        }
        double share = moved / (double) NODES;
        assertTrue(share > 0.15 && share < 0.35, "moved " + share + " of the nodes, expected about 1/4");
    }

    @Test
    void removingAConductorMovesOnlyItsNodes() {
        List<String> keys = keys();
        Map<String, String> before = owners(HashRing.of(List.of("c1", "c2", "c3"), 5), keys);
        Map<String, String> after = owners(HashRing.of(List.of("c1", "c3"), 5), keys);
        int moved = 0;
        for (String key : keys) {
            if (!before.get(key).equals(after.get(key))) {
                moved++;
                assertEquals("c2", before.get(key), "a node of a surviving conductor moved");
            }
        }
        double share = moved / (double) NODES;
        assertTrue(share > 0.2 && share < 0.47, "moved " + share + " of the nodes, expected about 1/3");
    }

    @Test
    void anEmptyRingHasNoOwner() {
        assertEquals(Optional.empty(), HashRing.of(List.of(), 5).owner("x"));
    }
}
