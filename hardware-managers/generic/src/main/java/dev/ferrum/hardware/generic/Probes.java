package dev.ferrum.hardware.generic;

import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import dev.ferrum.hardware.generic.net.IpAddressSource;
import dev.ferrum.hardware.generic.net.JdkIpAddressSource;
import dev.ferrum.hardware.generic.oshi.OshiProbe;
import java.util.Objects;

/**
 * The sources that ask the running kernel rather than files under the machine's root. They only
 * make sense for the live machine: on a fixture root they would describe the host running the
 * tests, so there they are the no-op {@link #NONE} (or fakes a test supplies).
 */
public record Probes(CpuProbe cpu, MemoryProbe memory, IpAddressSource addresses) {

    public static final Probes NONE = new Probes(CpuProbe.NONE, MemoryProbe.NONE, IpAddressSource.NONE);

    public Probes {
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(addresses, "addresses");
    }

    /** OSHI and the JDK's view of the network; OSHI starts lazily, on first question. */
    public static Probes live() {
        OshiProbe oshi = new OshiProbe();
        return new Probes(oshi, oshi, new JdkIpAddressSource());
    }
}
