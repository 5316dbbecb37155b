package dev.ferrum.hardware.generic.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.LldpCollector.Tlv;
import dev.ferrum.hardware.spi.MachineContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LLDP from tcpdump's hex dump of one frame, split into the raw TLVs IPA reports. */
class TcpdumpLldpTest {
    /** A leaf switch's frame: chassis MAC, port Ethernet7, TTL 120, system name leaf-01, end. */
    private static final String DUMP = """
            12:00:00.000000 00:1c:73:aa:bb:cc > 01:80:c2:00:00:0e, ethertype LLDP (0x88cc), length 50: LLDP
            \t0x0000:  0180 c200 000e 001c 73aa bbcc 88cc 0207
            \t0x0010:  0400 1c73 aabb cc04 0a05 4574 6865 726e
            \t0x0020:  6574 3706 0200 780a 076c 6561 662d 3031
            \t0x0030:  0000
            """;

    @TempDir
    Path root;

    private static List<String> capture(String nic) {
        return List.of("tcpdump", "-i", nic, "-c", "1", "-xx", "-nn", "-e", "ether", "proto",
                "0x88cc");
    }

    @Test
    void splitsTheFirstFrameIntoItsTlvsAndLeavesSilentPortsOut() {
        // eth1's capture is not scripted: the fake fails it as a timeout would, and eth1 is left out.
        FakeCommandRunner runner = new FakeCommandRunner().answer(capture("eth0"), DUMP);

        var heard = TcpdumpLldp.collect(new MachineContext(root, runner), List.of("eth0", "eth1"));

        assertThat(heard).isEqualTo(Answer.of(Map.of("eth0", List.of(new Tlv(1, "04001c73aabbcc"),
                new Tlv(2, "0545746865726e657437"), new Tlv(3, "0078"), new Tlv(5, "6c6561662d3031"),
                new Tlv(0, "")))));
    }

    @Test
    void declinesWithoutTcpdump() {
        assertThat(TcpdumpLldp.collect(new MachineContext(root, new FakeCommandRunner()), List.of("eth0")))
                .isInstanceOf(Answer.Declined.class);
    }

    @Test
    void aFrameOfAnotherEtherTypeIsNoLldp() {
        assertThat(TcpdumpLldp.frame("\t0x0000:  0180 c200 000e 001c 73aa bbcc 0800 0207 0400")
                .flatMap(TcpdumpLldp::tlvs)).isEmpty();
    }
}
