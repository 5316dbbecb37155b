package dev.ferrum.hardware.registry;

import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcAddressReader;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.InventoryContributor;
import dev.ferrum.hardware.spi.InventoryDraft;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A configurable manager for registry tests: fixed support, optional CPU/disks to offer, steps,
 * a BMC answer or a decline reason, and a record of the calls it received.
 */
class TestManager implements HardwareManager, InventoryContributor, StepProvider, BmcAddressReader {
    private final String name;
    private final SupportLevel support;
    Optional<Cpu> cpu = Optional.empty();
    Optional<List<Disk>> disks = Optional.empty();
    Optional<List<NetworkInterface>> interfaces = Optional.empty();
    List<Step<?, ?>> cleanSteps = List.of();
    Answer<BmcAddresses> bmc = Answer.declined("no BMC here");
    RuntimeException failOnEvaluate;
    RuntimeException failOnInitialise;
    RuntimeException failOnContribute;
    final List<String> calls = new ArrayList<>();

    TestManager(String name, SupportLevel support) {
        this.name = name;
        this.support = support;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public SupportLevel evaluateSupport(MachineContext machine) {
        calls.add("evaluate");
        if (failOnEvaluate != null) {
            throw failOnEvaluate;
        }
        return support;
    }

    @Override
    public void initialise(MachineContext machine) {
        calls.add("initialise");
        if (failOnInitialise != null) {
            throw failOnInitialise;
        }
    }

    @Override
    public void contribute(InventoryDraft draft, MachineContext machine) {
        calls.add("contribute");
        if (failOnContribute != null) {
            throw failOnContribute;
        }
        cpu.ifPresent(draft::offerCpu);
        disks.ifPresent(draft::offerDisks);
        interfaces.ifPresent(draft::offerInterfaces);
    }

    @Override
    public Answer<BmcAddresses> readBmcAddresses(MachineContext machine) {
        calls.add("bmc");
        return bmc;
    }

    @Override
    public List<Step<?, ?>> steps(StepKind kind) {
        return kind == StepKind.CLEAN ? cleanSteps : List.of();
    }

    /** A step without arguments that records its run and reports "<manager> ran <step>". */
    Step<?, ?> step(String stepName, int priority) {
        return Step.withoutArguments(stepName, priority, context -> {
            calls.add("execute " + stepName);
            return name + " ran " + stepName;
        });
    }

    static Cpu cpu(int count) {
        return new Cpu(Optional.of("cpu of " + count), Optional.empty(), count, Optional.of("x86_64"), List.of(),
                Optional.empty());
    }
}
