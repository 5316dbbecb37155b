package dev.ferrum.hardware.generic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.registry.CollectedInventory;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.protocol.json.WireJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** Reads the machine the tests run on, through discovery and the registry, as the agent does. Reads only. */
@EnabledOnOs(OS.LINUX)
class LiveSmokeTest {
    private static final System.Logger LOG = System.getLogger(LiveSmokeTest.class.getName());
    private static final Path SYS_BLOCK = Path.of("/sys/block");
    private static final Path SYS_NET = Path.of("/sys/class/net");

    /** Reads this machine (read-only) and checks the inventory against what the kernel says directly. */
    @Test
    void theInventoryAgreesWithThisMachine() throws Exception {
        MachineContext live = MachineContext.live();
        HardwareManagerRegistry registry = HardwareManagerRegistry.select(
                HardwareManagerDiscovery.discover(getClass().getClassLoader()), live);
        assertThat(registry.managers()).extracting(m -> m.name()).contains("generic");

        CollectedInventory collected = registry.collectInventory();
        Inventory inventory = collected.inventory();
        LOG.log(System.Logger.Level.INFO, "live inventory: " + WireJson.newMapper().writeValueAsString(inventory));

        assertThat(collected.failures()).isEmpty();
        // The inventory counts installed CPUs, as `nproc --all` does (plain nproc honours this process's affinity).
        assertThat(inventory.cpu().count()).isEqualTo(Integer.parseInt(run("nproc", "--all").strip()));
        assertThat(inventory.memory().total()).isEqualTo(memTotalBytes());
        assertThat(inventory.memory().physicalMb()).isPresent();

        Map<String, Long> disks = inventory.disks().stream().collect(Collectors.toMap(Disk::name, Disk::size));
        for (Path block : list(SYS_BLOCK)) {
            String name = block.getFileName().toString();
            long sectors = Long.parseLong(Files.readString(block.resolve("size")).strip());
            if (name.matches("(loop|ram|zram|dm-|md|sr|fd|nbd).*") || sectors == 0) {
                assertThat(disks).as("virtual or empty device %s is left out", name).doesNotContainKey("/dev/" + name);
            } else {
                assertThat(disks).as("disk %s with its sysfs size", name).containsEntry("/dev/" + name, sectors * 512);
            }
        }

        List<String> macs = inventory.interfaces().stream().map(NetworkInterface::macAddress).toList();
        for (Path nic : list(SYS_NET)) {
            if (Files.exists(nic.resolve("device"))) {
                String mac = Files.readString(nic.resolve("address")).strip().toLowerCase(Locale.ROOT);
                assertThat(macs).as("physical NIC %s", nic.getFileName()).contains(mac);
            }
        }
    }

    private static long memTotalBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IllegalStateException("/proc/meminfo has no MemTotal");
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        }
    }

    private static String run(String... argv) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(String.join(" ", argv) + ": " + output).isZero();
        return output;
    }
}
