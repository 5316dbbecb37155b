package dev.ferrum.hardware.generic.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InterfaceAddressesTest {

    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void prefersARoutableIpv6AddressOverLinkLocal() throws Exception {
        InterfaceAddresses chosen = InterfaceAddresses.choose(List.of(ip("fe80::fc:ff:fe00:1%1"), ip("192.0.2.2"),
                ip("fd00::2"), ip("198.51.100.7")));
        assertThat(chosen).isEqualTo(new InterfaceAddresses(Optional.of("192.0.2.2"), Optional.of("fd00::2")));
    }

    @Test
    void fallsBackToLinkLocalWithoutItsZone() throws Exception {
        assertThat(InterfaceAddresses.choose(List.of(ip("fe80::fc:ff:fe00:1%1"))))
                .isEqualTo(new InterfaceAddresses(Optional.empty(), Optional.of("fe80::fc:ff:fe00:1")));
        assertThat(InterfaceAddresses.choose(List.of())).isEqualTo(InterfaceAddresses.NONE);
    }

    @ParameterizedTest
    @CsvSource({"fd00:0:0:0:0:0:0:2, fd00::2", "0:0:0:0:0:0:0:1, ::1", "0:0:0:0:0:0:0:0, ::",
            "2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1", "2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1",
            "2001:0DB8:0:0:0:0:0:0, 2001:db8::", "fe80:0:0:0:a:b:c:d, fe80::a:b:c:d"})
    void writesIpv6Canonically(String literal, String canonical) throws Exception {
        assertThat(InterfaceAddresses.canonical(ip(literal).getAddress())).isEqualTo(canonical);
    }
}
