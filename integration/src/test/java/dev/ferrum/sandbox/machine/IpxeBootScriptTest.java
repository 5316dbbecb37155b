package dev.ferrum.sandbox.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.config.AgentConfigParser;
import dev.ferrum.agent.config.KernelCommandLine;
import dev.ferrum.pxe.script.AgentRamdisk;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.pxe.script.KernelParameters;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulated firmware reads the scripts the conductor's own renderer writes. */
class IpxeBootScriptTest {
    private final IpxeScriptRenderer renderer = new IpxeScriptRenderer();

    @Test
    void anAgentBootGivesTheKernelCommandLineWithTheBootMacFilledIn() {
        AgentRamdisk ramdisk = new AgentRamdisk(HttpUrl.of("http://127.0.0.1:8080/agent.kernel"),
                List.of(HttpUrl.of("http://127.0.0.1:8080/agent.initramfs")),
                List.of(KernelParameters.apiUrl(HttpUrl.of("http://127.0.0.1:6385")),
                        KernelParameters.inspectionCallbackUrl(HttpUrl.of("http://127.0.0.1:6385/v1/continue")),
                        KernelParameters.bootInterface()));
        String script = renderer.render(new BootScript.AgentBoot(BootPurpose.INSPECT, ramdisk, RetryPolicy.standard()));

        IpxeBootScript boot = IpxeBootScript.parse(script, "02:FE:72:00:00:01");

        assertThat(boot.bootsLocalDisk()).isFalse();
        assertThat(boot.kernelCommandLine()).contains("ipa-api-url=http://127.0.0.1:6385 "
                + "ipa-inspection-callback-url=http://127.0.0.1:6385/v1/continue BOOTIF=01-02-fe-72-00-00-01");
        AgentConfig config = AgentConfigParser.parse(KernelCommandLine.parse(boot.kernelCommandLine().orElseThrow()),
                Map.of());
        assertThat(config.apiUrls()).containsExactly(URI.create("http://127.0.0.1:6385"));
        assertThat(config.inspectionCallbackUrl()).contains(URI.create("http://127.0.0.1:6385/v1/continue"));
    }

    @Test
    void aLocalBootHandsOverToTheDisk() {
        for (LocalBootMethod method : LocalBootMethod.values()) {
            IpxeBootScript boot = IpxeBootScript.parse(renderer.render(new BootScript.LocalDisk(method)),
                    "02:fe:72:00:00:01");
            assertThat(boot.kernelCommandLine()).as(method.name()).isEmpty();
            assertThat(boot.bootsLocalDisk()).as(method.name()).isTrue();
        }
    }

    @Test
    void aScriptWithNeitherBootsNothing() {
        IpxeBootScript boot = IpxeBootScript.parse("#!ipxe\necho hello\n", "02:fe:72:00:00:01");
        assertThat(boot.kernelCommandLine()).isEmpty();
        assertThat(boot.bootsLocalDisk()).isFalse();
    }
}
