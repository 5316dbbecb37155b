package dev.ferrum.conductor.driver.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.pxe.dhcp.DhcpHostsDirectory;
import dev.ferrum.pxe.dhcp.FakeProcessSignaller;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.pxe.script.KernelParameter;
import dev.ferrum.pxe.script.KernelParameters;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import dev.ferrum.support.net.MacAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkBootTest {
    private static final BootConfig CONFIG = new BootConfig(HttpUrl.of("http://10.20.0.1:6385"),
            HttpUrl.of("http://10.20.0.1:5050/v1/continue"), HttpUrl.of("http://10.20.0.1:8080/boot/files"),
            List.of(KernelParameters.console("ttyS0,115200n8")), RetryPolicy.standard(), LocalBootMethod.EXIT);
    private static final MacAddress MAC1 = MacAddresses.parse("52:54:00:12:34:56");
    private static final MacAddress MAC2 = MacAddresses.parse("52:54:00:ab:cd:ef");

    @TempDir
    Path hostsDir;
    private final InMemoryBootScripts scripts = new InMemoryBootScripts();
    private final Node node = TestNodes.node("ipmi", Map.of("deploy_kernel", "agent.kernel",
            "deploy_ramdisk", "http://images.example/agent.initramfs"));

    @Test
    void theScriptServedAfterPrepareRamdiskCarriesTheAgentParameters() {
        NetworkBoot boot = new NetworkBoot("ipxe", CONFIG, scripts, Optional.empty());

        boot.prepareRamdisk(new BootTarget(node, List.of(MAC1)), RamdiskPurpose.DEPLOY);

        BootScript.AgentBoot served = (BootScript.AgentBoot) scripts.scriptFor(MAC1).orElseThrow();
        assertThat(served.purpose()).isEqualTo(BootPurpose.DEPLOY);
        assertThat(served.ramdisk().kernel()).isEqualTo(HttpUrl.of("http://10.20.0.1:8080/boot/files/agent.kernel"));
        assertThat(served.ramdisk().initrds()).containsExactly(HttpUrl.of("http://images.example/agent.initramfs"));
        assertThat(served.ramdisk().parameters()).contains(
                new KernelParameter.Setting("ipa-api-url", "http://10.20.0.1:6385"),
                new KernelParameter.Setting("console", "ttyS0,115200n8"),
                new KernelParameter.BootInterface());
        assertThat(served.ramdisk().has("ipa-inspection-callback-url")).isFalse();
        assertThat(new IpxeScriptRenderer().render(served)).contains("ipa-api-url=http://10.20.0.1:6385");
        assertThat(scripts.scriptFor(MAC2)).isEmpty();
    }

    @Test
    void inspectionAddsTheCallbackUrl() {
        NetworkBoot boot = new NetworkBoot("pxe", CONFIG, scripts, Optional.empty());

        boot.prepareRamdisk(new BootTarget(node, List.of(MAC1, MAC2)), RamdiskPurpose.INSPECT);

        for (MacAddress mac : List.of(MAC1, MAC2)) {
            BootScript.AgentBoot served = (BootScript.AgentBoot) scripts.scriptFor(mac).orElseThrow();
            assertThat(served.purpose()).isEqualTo(BootPurpose.INSPECT);
            assertThat(served.ramdisk().parameters()).contains(
                    new KernelParameter.Setting("ipa-inspection-callback-url", "http://10.20.0.1:5050/v1/continue"));
        }
    }

    @Test
    void cleanUpWithdrawsTheScriptAndPrepareInstanceBootsTheDisk() {
        NetworkBoot boot = new NetworkBoot("ipxe", CONFIG, scripts, Optional.empty());
        BootTarget target = new BootTarget(node, List.of(MAC1));

        boot.prepareRamdisk(target, RamdiskPurpose.CLEAN);
        boot.cleanUpRamdisk(target);
        assertThat(scripts.scriptFor(MAC1)).isEmpty();

        boot.prepareInstance(target);
        assertThat(scripts.scriptFor(MAC1)).contains(new BootScript.LocalDisk(LocalBootMethod.EXIT));
    }

    @Test
    void dhcpHostFilesFollowTheBoot() throws IOException {
        FakeProcessSignaller signaller = new FakeProcessSignaller();
        NetworkBoot boot = new NetworkBoot("ipxe", CONFIG, scripts,
                Optional.of(new DhcpHostsDirectory(hostsDir, signaller)));
        BootTarget target = new BootTarget(node, List.of(MAC1));

        boot.prepareRamdisk(target, RamdiskPurpose.DEPLOY);
        assertThat(Files.readString(hostsDir.resolve("52-54-00-12-34-56"))).isEqualTo("52:54:00:12:34:56\n");

        boot.cleanUpRamdisk(target);
        assertThat(Files.readString(hostsDir.resolve("52-54-00-12-34-56"))).isEqualTo("52:54:00:12:34:56,ignore\n");
    }

    @Test
    void validationNamesTheMissingRamdiskAndPreparingFails() {
        Node bare = TestNodes.node("ipmi", Map.of("deploy_kernel", "http://x/k"));
        NetworkBoot boot = new NetworkBoot("ipxe", CONFIG, scripts, Optional.empty());

        assertThat(boot.validate(bare).failure()).contains("driver_info is missing deploy_ramdisk");
        assertThat(boot.validate(TestNodes.node("ipmi", Map.of("deploy_kernel", "http://x/k",
                "deploy_ramdisk", "http://x/a b"))).failure()).hasValueSatisfying(
                        reason -> assertThat(reason).startsWith("driver_info.deploy_ramdisk is not a usable URL"));
        assertThatThrownBy(() -> boot.prepareRamdisk(new BootTarget(bare, List.of(MAC1)), RamdiskPurpose.DEPLOY))
                .isInstanceOf(DriverException.class).hasMessageContaining("deploy_ramdisk");
        assertThat(scripts.scriptFor(MAC1)).isEmpty();
    }
}
