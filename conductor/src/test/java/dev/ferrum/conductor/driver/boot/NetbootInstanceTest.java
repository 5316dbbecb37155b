package dev.ferrum.conductor.driver.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.support.net.MacAddress;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.pxe.script.KernelParameters;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A netboot partition image: the boot interface serves the instance's kernel with root=UUID=. */
class NetbootInstanceTest {
    private static final BootConfig CONFIG = new BootConfig(HttpUrl.of("http://10.20.0.1:6385"),
            HttpUrl.of("http://10.20.0.1:5050/v1/continue"), HttpUrl.of("http://10.20.0.1:8080/boot/files"),
            List.of(KernelParameters.console("ttyS0,115200n8")), RetryPolicy.standard(), LocalBootMethod.EXIT);
    private static final MacAddress MAC = MacAddresses.parse("52:54:00:12:34:56");
    private static final String ROOT = "0123abcd-4567-89ef-0123-456789abcdef";

    private final InMemoryBootScripts scripts = new InMemoryBootScripts();
    private final Node node = TestNodes.node("ipmi", Map.of("deploy_kernel", "agent.kernel",
            "deploy_ramdisk", "agent.initramfs"));

    @Test
    void theInstanceKernelBootsWithItsRootByUuid() {
        NetworkBoot boot = new NetworkBoot("ipxe", CONFIG, scripts, Optional.empty());

        boot.prepareNetbootInstance(new BootTarget(node, List.of(MAC)),
                new NetbootInstance("http://images.example/vmlinuz", "initrd.img", ROOT));

        BootScript.AgentBoot served = (BootScript.AgentBoot) scripts.scriptFor(
                MAC).orElseThrow();
        assertThat(served.purpose()).isEqualTo(BootPurpose.INSTANCE);
        String script = new IpxeScriptRenderer().render(served);
        assertThat(script).contains("http://images.example/vmlinuz").contains("root=UUID=" + ROOT + " ro")
                .contains("console=ttyS0,115200n8").contains("http://10.20.0.1:8080/boot/files/initrd.img")
                .doesNotContain("ipa-api-url");
    }

    @Test
    void aBadKernelUrlSaysWhichFieldToCorrect() {
        NetworkBoot boot = new NetworkBoot("ipxe", CONFIG, scripts, Optional.empty());

        assertThatThrownBy(() -> boot.prepareNetbootInstance(new BootTarget(node, List.of(MAC)),
                new NetbootInstance("ftp://x y", "initrd.img", ROOT)))
                .isInstanceOf(DriverException.class).hasMessageContaining("instance_info kernel and ramdisk");
    }

    @Test
    void aBootInterfaceWithoutNetworkBootRefusesAndNamesTheFix() {
        assertThatThrownBy(() -> new NoopBoot().prepareNetbootInstance(new BootTarget(node, List.of(MAC)),
                new NetbootInstance("k", "r", ROOT)))
                .isInstanceOf(DriverException.class).hasMessageContaining("boot_option:local");
    }
}
