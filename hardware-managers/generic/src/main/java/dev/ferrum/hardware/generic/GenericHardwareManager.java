package dev.ferrum.hardware.generic;

import dev.ferrum.hardware.generic.bmc.IpmiBmcReader;
import dev.ferrum.hardware.generic.bmc.IpmiCredentialsWriter;
import dev.ferrum.hardware.generic.boot.BootReader;
import dev.ferrum.hardware.generic.cpu.CpuReader;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.disk.RootDiskSelector;
import dev.ferrum.hardware.generic.dmi.DmiIdReader;
import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.generic.host.HostnameReader;
import dev.ferrum.hardware.generic.memory.MemoryReader;
import dev.ferrum.hardware.generic.net.NicReader;
import dev.ferrum.hardware.generic.net.TcpdumpLldp;
import dev.ferrum.hardware.generic.raid.ArrayAssembler;
import dev.ferrum.hardware.generic.raid.SoftwareRaid;
import dev.ferrum.hardware.generic.reconcile.Disagreements;
import dev.ferrum.hardware.generic.reconcile.Reconciler;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcAddressReader;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.BmcCredentials;
import dev.ferrum.hardware.spi.BmcCredentialsWriter;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.InventoryContributor;
import dev.ferrum.hardware.spi.InventoryDraft;
import dev.ferrum.hardware.spi.LldpCollector;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.hardware.spi.RootDeviceSelector;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.inventory.Disk;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The manager for any Linux machine: it takes CPU, memory, disk and NIC facts from OSHI first on the
 * live machine and reconciles them with what sysfs, procfs, DMI and /dev under the machine's root say
 * ({@link Reconciler}); the other sections come from those files alone. It reads the BMC through
 * ipmitool, and picks the root disk. It
 * supports a machine at GENERIC level whenever {@code sys/} and {@code proc/} exist, so vendor
 * managers answer first and it fills whatever they leave.
 */
public final class GenericHardwareManager implements HardwareManager, InventoryContributor, BmcAddressReader,
        BmcCredentialsWriter, LldpCollector, RootDeviceSelector, StepProvider {
    private final Function<MachineContext, Probes> probes;
    private final EraseSteps eraseSteps;
    private final RaidSteps raidSteps = new RaidSteps();
    private final Reconciler reconciler = new Reconciler(new Disagreements());
    private Probes live;

    /** The ServiceLoader constructor: live probes on the live machine, none on a fixture root. */
    public GenericHardwareManager() {
        this.probes = this::liveOrNone;
        this.eraseSteps = EraseSteps.forRealDevices();
    }

    /** For tests and simulations: {@code probes} chooses the probes for each machine context. */
    public GenericHardwareManager(Function<MachineContext, Probes> probes) {
        this.probes = Objects.requireNonNull(probes, "probes");
        this.eraseSteps = EraseSteps.forRealDevices();
    }

    @Override
    public List<Step<?, ?>> steps(StepKind kind) {
        List<Step<?, ?>> steps = new ArrayList<>(eraseSteps.steps(kind));
        steps.addAll(raidSteps.steps(kind));
        return List.copyOf(steps);
    }

    private synchronized Probes liveOrNone(MachineContext machine) {
        if (!machine.isLive()) {
            return Probes.NONE;
        }
        if (live == null) {
            live = Probes.live();
        }
        return live;
    }

    @Override
    public String name() {
        return "generic";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public SupportLevel evaluateSupport(MachineContext machine) {
        return MachineFiles.isDirectory(machine.sys()) && MachineFiles.isDirectory(machine.proc())
                ? SupportLevel.GENERIC
                : SupportLevel.NONE;
    }

    /**
     * Offers every section it can read. Sections are read independently: one that fails does not
     * cost the others; the failures are raised together afterwards, for the registry to log and
     * report once. The BMC is left to {@link #readBmcAddresses}, which the registry asks next.
     */
    @Override
    public void contribute(InventoryDraft draft, MachineContext machine) {
        Probes sources = probes.apply(machine);
        List<String> failed = new ArrayList<>();
        List<RuntimeException> errors = new ArrayList<>();
        Section section = (name, work) -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                failed.add(name + " (" + e + ")");
                errors.add(e);
            }
        };
        section.read("cpu", () -> draft.offerCpu(
                reconciler.cpu(sources.oshi().cpu(), new CpuReader(sources.cpu()).read(machine))));
        section.read("memory", () -> draft.offerMemory(
                reconciler.memory(sources.oshi().memoryTotal(), new MemoryReader(sources.memory()).read(machine))));
        section.read("disks", () -> draft.offerDisks(
                reconciler.disks(sources.oshi().disks(), BlockDeviceReader.read(machine))));
        section.read("interfaces", () -> draft.offerInterfaces(
                reconciler.nics(sources.oshi().nics(), new NicReader(sources.addresses()).read(machine),
                        name -> NicReader.isBondPort(machine, name))));
        section.read("system_vendor", () -> draft.offerSystemVendor(DmiIdReader.read(machine)));
        section.read("boot", () -> draft.offerBoot(BootReader.read(machine)));
        section.read("hostname", () -> HostnameReader.read(machine).ifPresent(draft::offerHostname));
        if (!errors.isEmpty()) {
            HardwareManagerException failure = new HardwareManagerException(
                    "could not read " + String.join(", ", failed), errors.getFirst());
            errors.stream().skip(1).forEach(failure::addSuppressed);
            throw failure;
        }
    }

    /**
     * sysfs's NIC listing alone, without OSHI: the reconciled inventory keeps sysfs's interfaces and
     * their permanent MACs (see {@link Reconciler#nics}), so the lookup's MACs are the full inventory's.
     */
    @Override
    public void contributeInterfaces(InventoryDraft draft, MachineContext machine) {
        draft.offerInterfaces(new NicReader(probes.apply(machine).addresses()).read(machine));
    }

    /** As IPA's generic manager at start: arrays built in an earlier boot are assembled before anything looks at disks. */
    @Override
    public void initialise(MachineContext machine) {
        ArrayAssembler.assemble(machine);
    }

    /** Starts OSHI (JNA, its classes, libudev), which the first full inventory would otherwise wait for. */
    @Override
    public void prepareInventory(MachineContext machine) {
        probes.apply(machine).oshi().start();
    }

    @Override
    public Answer<BmcAddresses> readBmcAddresses(MachineContext machine) {
        return IpmiBmcReader.read(machine);
    }

    @Override
    public Answer<NoResult> setBmcCredentials(MachineContext machine, BmcCredentials credentials) {
        return IpmiCredentialsWriter.write(machine, credentials);
    }

    @Override
    public Answer<Map<String, List<LldpCollector.Tlv>>> collectLldp(MachineContext machine, List<String> interfaces) {
        return TcpdumpLldp.collect(machine, interfaces);
    }

    @Override
    public Answer<Disk> selectRootDevice(List<Disk> disks, RootDeviceHints hints) {
        return RootDiskSelector.select(disks, hints);
    }

    /**
     * With hints, the running software RAID arrays are candidates too: the inventory leaves md devices out,
     * but after {@code raid.create_configuration} the node's {@code root_device} names {@code /dev/md0}.
     * Without hints the guess stays among real disks, as before.
     */
    @Override
    public Answer<Disk> selectRootDevice(List<Disk> disks, RootDeviceHints hints, MachineContext machine) {
        if (hints.isEmpty()) {
            return selectRootDevice(disks, hints);
        }
        List<Disk> candidates = new ArrayList<>(disks);
        candidates.addAll(SoftwareRaid.arrays(machine));
        return RootDiskSelector.select(candidates, hints);
    }

    @FunctionalInterface
    private interface Section {
        void read(String name, Runnable work);
    }
}
