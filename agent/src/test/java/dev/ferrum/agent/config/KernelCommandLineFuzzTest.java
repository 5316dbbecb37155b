package dev.ferrum.agent.config;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ferrum.testing.FuzzMode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@code /proc/cmdline} is written by whoever controls the boot (a DHCP/PXE server on the provisioning
 * network), so its parsers must refuse any text with a {@link ConfigException} and nothing else.
 */
class KernelCommandLineFuzzTest {

    @BeforeAll
    static void mode() {
        FuzzMode.announce(KernelCommandLineFuzzTest.class);
    }

    @FuzzTest(maxDuration = "30s")
    void parsesAnyCommandLine(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        try {
            KernelCommandLine kernel = KernelCommandLine.parse(text);
            AgentConfigParser.parse(kernel, Map.of());
        } catch (ConfigException refused) {
            // The documented answer to a malformed command line.
        }
    }
}
