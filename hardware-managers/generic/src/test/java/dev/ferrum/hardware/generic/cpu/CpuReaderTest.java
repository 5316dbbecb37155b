package dev.ferrum.hardware.generic.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Cpu;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuReaderTest {
    private static final CpuFacts OSHI_LIKE = new CpuFacts(Optional.of("Neoverse-N1"), Optional.of(3000.0),
            Optional.of(64), Optional.of("aarch64"), List.of(), Optional.of(1));

    @Test
    void cpufreqMaximumWinsOverTheCurrentClock() {
        CpuFacts facts = CpuReader.parse(Fixtures.machine("server"));
        assertThat(facts.frequencyMhz()).contains(3700.0);
        assertThat(facts.socketCount()).contains(2);
        assertThat(facts.architecture()).contains("x86_64");
        assertThat(facts.isComplete()).isTrue();
    }

    @Test
    void withoutCpufreqTheHighestCpuinfoClockIsUsed() {
        CpuFacts facts = CpuReader.parse(Fixtures.machine("vm"));
        assertThat(facts.frequencyMhz()).contains(2596.132);
        assertThat(facts.toCpu().frequency()).contains("2596.1320");
    }

    @Test
    void theProbeIsAskedOnlyForWhatIsMissing(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("proc/cpuinfo"), "processor : 0\nFeatures : fp asimd\nCPU architecture: 8\n\n"
                + "processor : 1\nFeatures : fp asimd\nCPU architecture: 8\n");
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu0/topology"));
        Files.writeString(root.resolve("sys/devices/system/cpu/cpu0/topology/physical_package_id"), "-1\n");
        AtomicReference<CpuFacts> asked = new AtomicReference<>();
        Cpu cpu = new CpuReader(known -> {
            asked.set(known);
            return known.orElse(OSHI_LIKE);
        }).read(new MachineContext(root, new FakeCommandRunner()));

        assertThat(asked.get().count()).contains(2);
        assertThat(asked.get().modelName()).isEmpty();
        assertThat(cpu).isEqualTo(new Cpu(Optional.of("Neoverse-N1"), Optional.of("3000.0000"), 2,
                Optional.of("aarch64"), List.of("fp", "asimd"), Optional.of(1)));
    }

    @Test
    void aCompleteAnswerNeverAsksTheProbe() {
        Cpu cpu = new CpuReader(known -> {
            throw new AssertionError("asked");
        }).read(Fixtures.machine("server"));
        assertThat(cpu.count()).isEqualTo(8);
    }

    @Test
    void countFallsBackToTheOnlineList(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("sys/devices/system/cpu"));
        Files.writeString(root.resolve("sys/devices/system/cpu/online"), "0-15\n");
        Files.writeString(root.resolve("sys/devices/system/cpu/kernel_max"), "8191\n");
        CpuFacts facts = CpuReader.parse(new MachineContext(root, new FakeCommandRunner()));
        assertThat(facts.count()).contains(16);
        assertThat(facts.modelName()).isEmpty();
    }

    @Test
    void anEmptyTreeGivesAnUnknownCpu(@TempDir Path root) {
        assertThat(new CpuReader(CpuProbe.NONE).read(new MachineContext(root, new FakeCommandRunner())))
                .isEqualTo(Cpu.UNKNOWN);
    }

    @Test
    void factsLayerFieldByField() {
        CpuFacts partial = new CpuFacts(Optional.of("Mine"), Optional.empty(), Optional.of(4), Optional.empty(),
                List.of("a"), Optional.empty());
        assertThat(partial.orElse(OSHI_LIKE)).isEqualTo(new CpuFacts(Optional.of("Mine"), Optional.of(3000.0),
                Optional.of(4), Optional.of("aarch64"), List.of("a"), Optional.of(1)));
        assertThat(CpuFacts.NONE.toCpu()).isEqualTo(Cpu.UNKNOWN);
    }
}
