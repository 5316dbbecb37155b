package dev.ferrum.hardware.generic;

import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import dev.ferrum.hardware.generic.net.IpAddressSource;
import dev.ferrum.hardware.generic.net.JdkIpAddressSource;
import dev.ferrum.hardware.generic.oshi.OshiProbe;
import dev.ferrum.hardware.generic.oshi.OshiSource;
import java.util.Objects;

/**
 * The sources that ask the running kernel rather than files under the machine's root. They only
 * make sense for the live machine: on a fixture root they would describe the host running the
 * tests, so there they are the no-op {@link #NONE} (or fakes a test supplies). {@code oshi} is the
 * first source of CPU, memory, disk and NIC facts; {@code cpu} and {@code memory} complete what the
 * parsers leave missing, {@code addresses} gives the NICs OSHI does not list their addresses.
 */
public record Probes(CpuProbe cpu, MemoryProbe memory, IpAddressSource addresses, OshiSource oshi) {

    public static final Probes NONE = new Probes(CpuProbe.NONE, MemoryProbe.NONE, IpAddressSource.NONE);

    public Probes {
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(addresses, "addresses");
        Objects.requireNonNull(oshi, "oshi");
    }

    /** Parsers and the given probes only, without OSHI facts to reconcile. */
    public Probes(CpuProbe cpu, MemoryProbe memory, IpAddressSource addresses) {
        this(cpu, memory, addresses, OshiSource.NONE);
    }

    /** OSHI (one instance, started lazily on the first question) and the JDK's view of the network. */
    public static Probes live() {
        OshiProbe oshi = new OshiProbe();
        return new Probes(oshi, oshi, new JdkIpAddressSource(), oshi);
    }
}
