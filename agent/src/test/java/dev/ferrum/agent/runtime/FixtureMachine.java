package dev.ferrum.agent.runtime;

import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.InventoryContributor;
import dev.ferrum.hardware.spi.InventoryDraft;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.hardware.spi.RootDeviceSelector;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Memory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.util.List;
import java.util.Optional;

/** A machine with one NIC and one 20 GiB disk, described by a manager rather than a sysfs tree. */
class FixtureMachine implements HardwareManager, InventoryContributor, RootDeviceSelector {
    static final String MAC = "02:fc:00:00:00:01";

    @Override
    public String name() {
        return "fixture";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public SupportLevel evaluateSupport(MachineContext machine) {
        return SupportLevel.MAINLINE;
    }

    @Override
    public void contribute(InventoryDraft draft, MachineContext machine) {
        draft.offerCpu(new Cpu(Optional.of("Fixture CPU"), Optional.of("2400.0000"), 4, Optional.of("x86_64"), List.of(),
                Optional.of(1)));
        draft.offerMemory(new Memory(8L << 30, Optional.of(8192L)));
        draft.offerDisks(List.of(Disk.of("/dev/vda", 20L << 30, false)));
        draft.offerInterfaces(List.of(new NetworkInterface("eth0", MAC, Optional.of("192.0.2.2"), Optional.empty(), true,
                Optional.empty(), Optional.of("0x1af4"), Optional.of("0x0001"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty())));
    }

    @Override
    public Answer<Disk> selectRootDevice(List<Disk> disks, RootDeviceHints hints) {
        return disks.stream().filter(hints::matches).findFirst()
                .<Answer<Disk>>map(Answer::of)
                .orElseGet(() -> Answer.declined("no disk among " + disks.stream().map(Disk::name).toList()
                        + " matches " + hints));
    }
}
