package dev.ferrum.hardware.generic.oshi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class OshiProbeTest {

    @Test
    void sentinelsBecomeAbsent() {
        assertThat(OshiProbe.text("unknown")).isEmpty();
        assertThat(OshiProbe.text("  ")).isEmpty();
        assertThat(OshiProbe.text(null)).isEmpty();
        assertThat(OshiProbe.text(" Neoverse-N1 ")).contains("Neoverse-N1");
        assertThat(OshiProbe.bitsToMbps(0)).isEmpty();
        assertThat(OshiProbe.bitsToMbps(10_000_000_000L)).contains(10_000);
        assertThat(OshiProbe.positive(0)).isEmpty();
        assertThat(OshiProbe.positive(2)).contains(2);
    }

    @Test
    void flagsAreTheFirstFlagsLineSplit() {
        assertThat(OshiProbe.flags(List.of("flags\t\t: fpu vme  de", "flags : fpu"))).containsExactly("fpu", "vme", "de");
        assertThat(OshiProbe.flags(List.of("flags :"))).isEmpty();
        assertThat(OshiProbe.flags(List.of())).isEmpty();
    }

    @Test
    void addressesAreChosenAsTheJdkSourceChoosesAndNoNameIsLookedUp() {
        InterfaceAddresses chosen = OshiProbe.addresses(new String[] {"192.0.2.7", "198.51.100.1"},
                new String[] {"fe80::1", "2001:db8:0:0:0:0:0:5"});
        assertThat(chosen).isEqualTo(new InterfaceAddresses(Optional.of("192.0.2.7"), Optional.of("2001:db8::5")));
        // A host name is not an address: it is dropped, not resolved.
        assertThat(OshiProbe.addresses(new String[] {"example.invalid"}, new String[0]))
                .isEqualTo(InterfaceAddresses.NONE);
    }

    @Test
    void architectureUsesUnamesSpelling() {
        assertThat(OshiProbe.architecture("amd64")).contains("x86_64");
        assertThat(OshiProbe.architecture("aarch64")).contains("aarch64");
        assertThat(OshiProbe.architecture("x86")).contains("i686");
        assertThat(OshiProbe.architecture("ppc64le")).contains("ppc64le");
        assertThat(OshiProbe.architecture("")).isEmpty();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void completesWhatIsMissingOnTheLiveMachine() {
        OshiProbe probe = new OshiProbe();
        CpuFacts known = new CpuFacts(Optional.of("from cpuinfo"), Optional.empty(), Optional.empty(),
                Optional.empty(), List.of("fpu"), Optional.empty());
        CpuFacts completed = probe.complete(known);
        assertThat(completed.modelName()).contains("from cpuinfo");
        assertThat(completed.flags()).containsExactly("fpu");
        assertThat(completed.count()).hasValueSatisfying(n -> assertThat(n).isPositive());
        assertThat(completed.architecture()).isPresent();
        assertThat(probe.totalBytes()).hasValueSatisfying(n -> assertThat(n).isPositive());
    }
}
