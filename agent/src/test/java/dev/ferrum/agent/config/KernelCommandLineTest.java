package dev.ferrum.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KernelCommandLineTest {

    @Test
    void splitsParametersHonouringQuotesAndBareFlags() {
        var cmdline = KernelCommandLine.parse("BOOT_IMAGE=/vmlinuz quiet console=ttyS0,115200 "
                + "ipa-ntp-server=\"ntp one\" nomodeset=\n");

        assertThat(cmdline.get("BOOT_IMAGE")).contains("/vmlinuz");
        assertThat(cmdline.get("quiet")).contains("");
        assertThat(cmdline.get("console")).contains("ttyS0,115200");
        assertThat(cmdline.get("ipa-ntp-server")).contains("ntp one");
        assertThat(cmdline.get("nomodeset")).contains("");
        assertThat(cmdline.get("missing")).isEmpty();
    }

    @Test
    void theLastOfARepeatedParameterWins() {
        assertThat(KernelCommandLine.parse("a=1 a=2").get("a")).contains("2");
    }

    @Test
    void valuesMayContainEqualsSigns() {
        assertThat(KernelCommandLine.parse("ipa-api-url=http://h/x?a=b").get("ipa-api-url")).contains("http://h/x?a=b");
    }

    @Test
    void anUnclosedQuoteIsAnError() {
        assertThatThrownBy(() -> KernelCommandLine.parse("a=\"open")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("unclosed");
    }
}
