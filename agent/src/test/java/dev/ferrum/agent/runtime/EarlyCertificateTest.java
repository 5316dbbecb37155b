package dev.ferrum.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.config.AgentConfigParser;
import dev.ferrum.agent.config.KernelCommandLine;
import dev.ferrum.agent.tls.SelfSignedCertificate;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The auto-TLS certificate made during the lookup is the one served when the callback names the host it was made
 * for, and never one naming another host; an agent that will not serve auto-TLS, or has one CPU, makes none early.
 */
class EarlyCertificateTest {
    private final ExecutorService background = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void stop() {
        background.shutdownNow();
    }

    private static AgentConfig config(String cmdline) {
        return AgentConfigParser.parse(KernelCommandLine.parse(cmdline), Map.of());
    }

    @Test
    void theEarlyCertificateServesTheHostItWasMadeForAndNoOther() throws Exception {
        AgentConfig config = config("ipa-api-url=http://127.0.0.1:6385 ipa-advertise-host=127.0.0.1");
        EarlyCertificate early = EarlyCertificate.start(config, background, Clock.systemUTC(), 2);

        SelfSignedCertificate forIt = early.forHost("127.0.0.1");
        assertThat(early.forHost("127.0.0.1")).as("the one made early, every time").isSameAs(forIt);
        assertThat(forIt.certificate().getSubjectAlternativeNames()).anySatisfy(name ->
                assertThat(name.get(1)).isEqualTo("127.0.0.1"));

        SelfSignedCertificate other = early.forHost("192.0.2.7");
        assertThat(other).isNotSameAs(forIt);
        assertThat(other.certificate().getSubjectAlternativeNames()).anySatisfy(name ->
                assertThat(name.get(1)).isEqualTo("192.0.2.7"));
    }

    @Test
    void anAgentWithoutAutoTlsMakesNoCertificateEarly() {
        for (String cmdline : java.util.List.of("ipa-enable-auto-tls=0", "ipa-advertise-protocol=https")) {
            EarlyCertificate none = EarlyCertificate.start(config("ipa-api-url=http://127.0.0.1:6385 "
                    + "ipa-advertise-host=127.0.0.1 " + cmdline), background, Clock.systemUTC(), 2);

            assertThat(none.forHost("127.0.0.1")).as(cmdline + ": made when asked, each time")
                    .isNotSameAs(none.forHost("127.0.0.1"));
        }
    }

    @Test
    void aMachineWithOneCpuMakesTheCertificateAfterTheLookup() throws Exception {
        AgentConfig config = config("ipa-api-url=http://127.0.0.1:6385 ipa-advertise-host=127.0.0.1");
        EarlyCertificate late = EarlyCertificate.start(config, background, Clock.systemUTC(), 1);

        SelfSignedCertificate first = late.forHost("127.0.0.1");
        assertThat(late.forHost("127.0.0.1")).as("none made early: made when asked, each time").isNotSameAs(first);
        assertThat(first.certificate().getSubjectAlternativeNames()).anySatisfy(name ->
                assertThat(name.get(1)).isEqualTo("127.0.0.1"));
    }
}
