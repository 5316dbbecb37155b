package dev.ferrum.hardware.generic.bmc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IpmitoolParserTest {

    @Test
    void readsAConfiguredChannel() {
        assertThat(IpmitoolParser.lanPrint(Fixtures.text("ipmitool/lan-print-configured.txt")))
                .contains(new IpmitoolParser.LanChannel("192.0.2.117", Optional.of("d0:94:66:1a:2b:3c")));
    }

    @Test
    void readsAnUnconfiguredChannel() {
        IpmitoolParser.LanChannel channel = IpmitoolParser.lanPrint(Fixtures.text("ipmitool/lan-print-unconfigured.txt"))
                .orElseThrow();
        assertThat(channel.ipv4()).isEqualTo("0.0.0.0");
        assertThat(channel.isConfigured()).isFalse();
        assertThat(channel.mac()).contains("d0:94:66:1a:2b:3d");
    }

    @Test
    void aChannelWithoutAValidAddressIsNoLanChannel() {
        assertThat(IpmitoolParser.lanPrint("")).isEmpty();
        assertThat(IpmitoolParser.lanPrint("Channel 2 is not a LAN channel\n")).isEmpty();
        assertThat(IpmitoolParser.lanPrint("IP Address Source       : DHCP Address\n")).isEmpty();
        assertThat(IpmitoolParser.lanPrint("IP Address              : 300.1.1.1\n")).isEmpty();
        assertThat(IpmitoolParser.lanPrint("IP Address              : 10.0.0.5\nMAC Address : zz\n"))
                .contains(new IpmitoolParser.LanChannel("10.0.0.5", Optional.empty()));
        assertThat(IpmitoolParser.lanPrint("IP Address : 10.0.0.5\nMAC Address : 00:00:00:00:00:00\n")
                .flatMap(IpmitoolParser.LanChannel::mac)).isEmpty();
    }

    @Test
    void prefersAnActiveDynamicIpv6Address() {
        assertThat(IpmitoolParser.lan6Address(Fixtures.text("ipmitool/lan6-print-slaac.txt")))
                .contains("2001:db8:1::d294:66ff:fe1a:2b3c");
    }

    @Test
    void fallsBackToAnEnabledStaticIpv6Address() {
        assertThat(IpmitoolParser.lan6Address(Fixtures.text("ipmitool/lan6-print-static.txt")))
                .contains("fd00:10::117");
    }

    @Test
    void ignoresIpv6WhenTheBmcDoesNotEnableIt() {
        assertThat(IpmitoolParser.lan6Address(Fixtures.text("ipmitool/lan6-print-ipv4-only.txt"))).isEmpty();
        assertThat(IpmitoolParser.lan6Address("")).isEmpty();
        assertThat(IpmitoolParser.lan6Address("""
                IPv6/IPv4 Addressing Enables: both
                IPv6 Static Address 0:
                    Enabled:        yes
                    Address:        ::/64
                    Status:         active
                IPv6 Dynamic Address 0:
                    Source/Type:    static
                    Address:        2001:db8::9/64
                    Status:         active
                IPv6 Static Address 1:
                    Enabled:        yes
                    Address:        not-an-address/64
                    Status:         active
                """)).isEmpty();
    }
}
