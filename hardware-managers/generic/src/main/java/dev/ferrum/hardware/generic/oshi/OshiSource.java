package dev.ferrum.hardware.generic.oshi;

import dev.ferrum.hardware.generic.cpu.CpuFacts;
import java.util.List;
import java.util.Optional;

/**
 * The generic manager's first source of CPU, memory, disk and NIC facts: OSHI on the live machine.
 * A list that is absent means OSHI could not list that kind of device here (no libudev for disks, a
 * relocated root for NICs), which is not the same as a machine without any.
 */
public interface OshiSource {

    /** What OSHI knows about the processors without running a program (count, packages, flags). */
    CpuFacts cpu();

    /** Usable memory in bytes. */
    Optional<Long> memoryTotal();

    /** Every block device OSHI lists, partitions left out; absent when OSHI cannot list them. */
    Optional<List<OshiDisk>> disks();

    /** Every non-loopback interface OSHI lists; absent when OSHI cannot list them. */
    Optional<List<OshiNic>> nics();

    /**
     * Starts OSHI now, so a later question is answered without its start-up; answers are the same
     * either way. Blocks until started; a concurrent question waits for the same start.
     */
    default void start() {
    }

    /** No OSHI: fixture roots (where OSHI would describe the host running the tests) and tests. */
    OshiSource NONE = new OshiSource() {
        @Override
        public CpuFacts cpu() {
            return CpuFacts.NONE;
        }

        @Override
        public Optional<Long> memoryTotal() {
            return Optional.empty();
        }

        @Override
        public Optional<List<OshiDisk>> disks() {
            return Optional.empty();
        }

        @Override
        public Optional<List<OshiNic>> nics() {
            return Optional.empty();
        }
    };
}
