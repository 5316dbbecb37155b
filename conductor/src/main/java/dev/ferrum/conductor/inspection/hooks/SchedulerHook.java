package dev.ferrum.conductor.inspection.hooks;

import dev.ferrum.conductor.inspection.InspectionException;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.DiscoverdContinue;
import dev.ferrum.protocol.inspection.IpaContinue;

/** {@code scheduler}: the properties Nova schedules on, cpus, cpu_arch and memory_mb (local_gb for discoverd). */
public final class SchedulerHook implements ProcessingHook {
    private static final long MIB = 1024L * 1024L;

    @Override
    public String name() {
        return "scheduler";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        switch (report) {
            case IpaContinue ipa -> {
                var inventory = ipa.inventory();
                if (inventory.cpu().count() <= 0) {
                    throw new InspectionException("The inventory reports no CPUs; the ramdisk could not read the"
                            + " hardware, check its logs.");
                }
                put(outcome, "cpus", Integer.toString(inventory.cpu().count()));
                inventory.cpu().architecture().ifPresent(arch -> put(outcome, "cpu_arch", arch));
                long memoryMb = inventory.memory().physicalMb().orElse(inventory.memory().total() / MIB);
                put(outcome, "memory_mb", Long.toString(memoryMb));
            }
            case DiscoverdContinue flat -> {
                flat.cpus().ifPresent(cpus -> put(outcome, "cpus", Integer.toString(cpus)));
                flat.cpuArch().ifPresent(arch -> put(outcome, "cpu_arch", arch));
                flat.memoryMb().ifPresent(memory -> put(outcome, "memory_mb", Long.toString(memory)));
                flat.localGb().ifPresent(disk -> put(outcome, "local_gb", Long.toString(disk)));
            }
        }
    }

    private static void put(InspectionOutcome outcome, String key, String value) {
        outcome.proposeProperty(key, value);
        outcome.data().put(key, value);
    }
}
