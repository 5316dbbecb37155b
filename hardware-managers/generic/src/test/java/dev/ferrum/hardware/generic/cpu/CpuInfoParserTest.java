package dev.ferrum.hardware.generic.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import org.junit.jupiter.api.Test;

class CpuInfoParserTest {

    @Test
    void parsesAnX86Server() {
        CpuInfo info = CpuInfoParser.parse(Fixtures.text("server/proc/cpuinfo"));
        assertThat(info.processors()).isEqualTo(8);
        assertThat(info.modelName()).contains("Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz");
        assertThat(info.highestMhz()).contains(2800.512);
        assertThat(info.flags()).startsWith("fpu", "vme", "de").contains("lm");
        assertThat(info.physicalIds()).containsExactlyInAnyOrder("0", "1");
        assertThat(info.architecture()).contains("x86_64");
    }

    @Test
    void parsesAVm() {
        CpuInfo info = CpuInfoParser.parse(Fixtures.text("vm/proc/cpuinfo"));
        assertThat(info.processors()).isEqualTo(2);
        assertThat(info.modelName()).contains("AMD EPYC");
        assertThat(info.highestMhz()).contains(2596.132);
        assertThat(info.physicalIds()).containsExactly("0");
    }

    @Test
    void parsesArm64WhichHasNoModelNameOrClock() {
        CpuInfo info = CpuInfoParser.parse("""
                processor\t: 0
                BogoMIPS\t: 50.00
                Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid
                CPU implementer\t: 0x41
                CPU architecture: 8
                CPU variant\t: 0x3
                CPU part\t: 0xd0c
                CPU revision\t: 1

                processor\t: 1
                BogoMIPS\t: 50.00
                Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid
                CPU architecture: 8
                """);
        assertThat(info.processors()).isEqualTo(2);
        assertThat(info.modelName()).isEmpty();
        assertThat(info.highestMhz()).isEmpty();
        assertThat(info.flags()).startsWith("fp", "asimd").hasSize(12);
        assertThat(info.architecture()).contains("aarch64");
    }

    @Test
    void parsesPower() {
        CpuInfo info = CpuInfoParser.parse("""
                processor\t: 0
                cpu\t\t: POWER9 (raw), altivec supported
                clock\t\t: 2300.000000MHz
                revision\t: 2.2 (pvr 004e 1202)

                processor\t: 1
                cpu\t\t: POWER9 (raw), altivec supported
                clock\t\t: 3800.000000MHz
                revision\t: 2.2 (pvr 004e 1202)

                timebase\t: 512000000
                platform\t: PowerNV
                """);
        assertThat(info.processors()).isEqualTo(2);
        assertThat(info.modelName()).contains("POWER9 (raw), altivec supported");
        assertThat(info.highestMhz()).contains(3800.0);
        assertThat(info.architecture()).contains("ppc64le");
    }

    @Test
    void a32BitX86HasNoLongMode() {
        CpuInfo info = CpuInfoParser.parse("processor : 0\nvendor_id : GenuineIntel\nflags : fpu vme de\n");
        assertThat(info.architecture()).contains("i686");
    }

    @Test
    void emptyOrMalformedInputGivesNothing() {
        assertThat(CpuInfoParser.parse("")).isEqualTo(CpuInfo.EMPTY);
        CpuInfo junk = CpuInfoParser.parse("no colons here\n:\n  : value without key\nprocessor : zero\ncpu MHz : fast\n");
        assertThat(junk.processors()).isZero();
        assertThat(junk.highestMhz()).isEmpty();
        assertThat(junk.modelName()).isEmpty();
    }
}
