package dev.ferrum.hardware.generic.cpu;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Cpu;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the CPU section from procfs and sysfs under the machine's root, asking the probe only for
 * facts those files do not give. Frequency is the highest {@code cpufreq/cpuinfo_max_freq} (what
 * lscpu calls "CPU max MHz", IPA's first choice), else the highest {@code cpu MHz} in cpuinfo.
 */
public final class CpuReader {
    private final CpuProbe probe;

    public CpuReader(CpuProbe probe) {
        this.probe = probe;
    }

    public Cpu read(MachineContext machine) {
        CpuFacts parsed = parse(machine);
        return (parsed.isComplete() ? parsed : probe.complete(parsed)).toCpu();
    }

    /** Only what the files under the root say, without the probe. */
    public static CpuFacts parse(MachineContext machine) {
        CpuInfo info = MachineFiles.text(machine.proc().resolve("cpuinfo")).map(CpuInfoParser::parse)
                .orElse(CpuInfo.EMPTY);
        Path cpus = machine.sys().resolve("devices/system/cpu");
        List<String> packageIds = new ArrayList<>();
        Optional<Long> maxKhz = Optional.empty();
        for (String name : MachineFiles.names(cpus)) {
            if (!name.matches("cpu\\d+")) {
                continue;
            }
            MachineFiles.text(cpus.resolve(name).resolve("topology/physical_package_id")).ifPresent(packageIds::add);
            Optional<Long> khz = MachineFiles.number(cpus.resolve(name).resolve("cpufreq/cpuinfo_max_freq"))
                    .filter(k -> k > 0);
            if (khz.isPresent() && (maxKhz.isEmpty() || khz.get() > maxKhz.get())) {
                maxKhz = khz;
            }
        }
        Optional<Integer> count = info.processors() > 0 ? Optional.of(info.processors())
                : MachineFiles.text(cpus.resolve("online")).flatMap(CpuTopology::countCpuList);
        Optional<Integer> sockets = CpuTopology.socketCount(packageIds)
                .or(() -> CpuTopology.socketCount(info.physicalIds()));
        Optional<String> architecture = MachineFiles.firstLine(machine.proc().resolve("sys/kernel/arch"))
                .or(info::architecture);
        return new CpuFacts(info.modelName(), maxKhz.map(k -> k / 1000.0).or(info::highestMhz), count,
                architecture, info.flags(), sockets);
    }
}
