package dev.ferrum.hardware.generic.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Memory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemoryReaderTest {

    @Test
    void physicalMemoryComesFromDmiWhenListed() {
        assertThat(MemoryReader.installedMib(Fixtures.root("server").resolve("sys/firmware/dmi/entries")))
                .contains(16_384L + 32_768L);
    }

    @Test
    void dmiWinsOverTheEstimate(@TempDir Path root) throws Exception {
        // 1 GiB usable but 48 GiB installed (a kernel booted with mem=1G): DMI is the truth.
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("proc/meminfo"), "MemTotal: 1048576 kB\n");
        Path entries = root.resolve("sys/firmware/dmi/entries");
        for (String entry : new String[] {"17-0", "17-1"}) {
            Path source = Fixtures.root("server").resolve("sys/firmware/dmi/entries").resolve(entry).resolve("raw");
            Files.createDirectories(entries.resolve(entry));
            Files.copy(source, entries.resolve(entry).resolve("raw"));
        }
        assertThat(new MemoryReader(MemoryProbe.NONE).read(new MachineContext(root, new FakeCommandRunner())))
                .isEqualTo(new Memory(1L << 30, Optional.of(49_152L)));
    }

    @Test
    void withoutDmiPhysicalMemoryIsEstimatedFromTotal() {
        assertThat(new MemoryReader(MemoryProbe.NONE).read(Fixtures.machine("vm")))
                .isEqualTo(new Memory(25_276_514_304L, Optional.of(24_576L)));
    }

    @ParameterizedTest(name = "{0} bytes -> {1} MiB")
    @CsvSource({
            // IPA's own capture: total 25276502016 with physical_mb 24576.
            "25276502016, 24576",
            "1073741824, 1024",
            "1073741825, 2048",
            "4012826624, 4096",
            "1, 1024"})
    void estimateRoundsUpToWholeGib(long totalBytes, long expectedMib) {
        assertThat(MemoryReader.physicalFromTotal(totalBytes)).isEqualTo(expectedMib);
    }

    @Test
    void theProbeStandsInOnlyForAMissingMeminfo(@TempDir Path root) throws Exception {
        MachineContext bare = new MachineContext(root, new FakeCommandRunner());
        assertThat(new MemoryReader(() -> Optional.of(2L << 30)).read(bare))
                .isEqualTo(new Memory(2L << 30, Optional.of(2048L)));
        assertThat(new MemoryReader(MemoryProbe.NONE).read(bare)).isEqualTo(Memory.UNKNOWN);
        assertThat(new MemoryReader(() -> {
            throw new AssertionError("asked");
        }).read(Fixtures.machine("vm")).total()).isPositive();
    }

    @Test
    void brokenDmiEntriesCountAsNothing(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("17-0"));
        Files.write(root.resolve("17-0/raw"), new byte[] {17, 3});
        Files.createDirectories(root.resolve("17-1"));
        assertThat(MemoryReader.installedMib(root)).isEmpty();
        assertThat(MemoryReader.installedMib(root.resolve("missing"))).isEmpty();
    }
}
