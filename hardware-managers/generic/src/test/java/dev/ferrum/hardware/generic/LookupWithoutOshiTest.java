package dev.ferrum.hardware.generic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import dev.ferrum.hardware.generic.net.FakeIpAddressSource;
import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import dev.ferrum.hardware.generic.oshi.OshiDisk;
import dev.ferrum.hardware.generic.oshi.OshiNic;
import dev.ferrum.hardware.generic.oshi.OshiSource;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The lookup's NIC listing leaves OSHI alone; the full inventory still takes OSHI's facts. */
class LookupWithoutOshiTest {

    /** OSHI that starts only when the test lets it, and records every question. */
    private static final class GatedOshi implements OshiSource {
        final CountDownLatch startAllowed = new CountDownLatch(1);
        final CountDownLatch started = new CountDownLatch(1);
        final List<String> asked = new CopyOnWriteArrayList<>();

        @Override
        public void start() {
            asked.add("start");
            await();
        }

        /** Like OshiProbe, a question before the start has finished waits for it. */
        private void await() {
            try {
                if (!startAllowed.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("the test never let OSHI start");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            started.countDown();
        }

        private <T> T answer(String question, T value) {
            asked.add(question);
            await();
            return value;
        }

        @Override
        public CpuFacts cpu() {
            return answer("cpu", CpuFacts.NONE);
        }

        @Override
        public Optional<Long> memoryTotal() {
            return answer("memory", Optional.empty());
        }

        @Override
        public Optional<List<OshiDisk>> disks() {
            return answer("disks", Optional.empty());
        }

        @Override
        public Optional<List<OshiNic>> nics() {
            // ens1f1's current MAC differs from its permanent one: the inventory keeps sysfs's (permanent).
            return answer("nics", Optional.of(List.of(new OshiNic("ens1f1", "02:00:00:00:00:99",
                    new InterfaceAddresses(Optional.of("198.51.100.7"), Optional.empty()), Optional.of(25_000),
                    false))));
        }
    }

    /** Own threads: the common pool may have a single one on a small machine, which a blocked start would hold. */
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final GatedOshi oshi = new GatedOshi();
    private final HardwareManagerRegistry registry = HardwareManagerRegistry.select(
            new HardwareManagerDiscovery.Discovered(List.of(new GenericHardwareManager(machine -> new Probes(
                    CpuProbe.NONE, MemoryProbe.NONE, new FakeIpAddressSource(Map.of()), oshi))), List.of()),
            Fixtures.machine("server", new FakeCommandRunner()));

    @AfterEach
    void stop() {
        oshi.startAllowed.countDown();
        threads.shutdownNow();
    }

    private static List<String> macs(List<NetworkInterface> interfaces) {
        return interfaces.stream().map(NetworkInterface::macAddress).toList();
    }

    @Test
    void theInterfacesAreListedWhileOshiIsStillStarting() throws Exception {
        CompletableFuture<Void> preparing = CompletableFuture.runAsync(registry::prepareInventory, threads);

        List<NetworkInterface> forLookup = CompletableFuture.supplyAsync(registry::collectNetworkInterfaces, threads)
                .get(5, TimeUnit.SECONDS);

        assertThat(macs(forLookup)).containsExactly("3c:ec:ef:12:34:56", "3c:ec:ef:12:34:57");
        assertThat(preparing).isNotDone();
        assertThat(oshi.asked).doesNotContain("cpu", "memory", "disks", "nics");
        oshi.startAllowed.countDown();
        preparing.get(5, TimeUnit.SECONDS);
    }

    @Test
    void theFullInventoryWaitsForOshiAndReconcilesItsFactsWithTheSameMacs() throws Exception {
        CompletableFuture.runAsync(registry::prepareInventory, threads);
        List<NetworkInterface> forLookup = registry.collectNetworkInterfaces();
        CompletableFuture<Inventory> full = CompletableFuture.supplyAsync(() -> registry.collectInventory().inventory(), threads);

        Thread.sleep(Duration.ofMillis(200));
        assertThat(full).as("the inventory must not be built before OSHI answered").isNotDone();
        oshi.startAllowed.countDown();
        Inventory inventory = full.get(5, TimeUnit.SECONDS);

        assertThat(macs(inventory.interfaces())).isEqualTo(macs(forLookup));
        NetworkInterface reconciled = inventory.interfaces().get(1);
        assertThat(reconciled.speedMbps()).as("OSHI's speed, which sysfs lacks").contains(25_000);
        assertThat(reconciled.ipv4Address()).as("OSHI's address").contains("198.51.100.7");
        assertThat(oshi.asked).contains("start", "cpu", "memory", "disks", "nics");
    }
}
