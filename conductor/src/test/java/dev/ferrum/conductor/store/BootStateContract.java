package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.boot.BootConfig;
import dev.ferrum.conductor.driver.boot.BootState;
import dev.ferrum.conductor.driver.boot.BootTarget;
import dev.ferrum.conductor.driver.boot.NetbootInstance;
import dev.ferrum.conductor.driver.boot.NetworkBoot;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.boot.StoredBootScripts;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.pxe.script.KernelParameters;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import dev.ferrum.support.net.MacAddress;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Shared boot state: a boot prepared through one conductor's store is served, script for script, by a
 * second conductor on the same database, and goes away with the node.
 */
interface BootStateContract extends StoreFixture {
    // Both conductors behind one API address, as Ironic's ipa-api-url names the service, not a conductor.
    BootConfig BOOT = new BootConfig(HttpUrl.of("http://10.20.0.1:6385"),
            HttpUrl.of("http://10.20.0.1:6385/v1/continue_inspection"), HttpUrl.of("http://10.20.0.1:8080/boot/files"),
            List.of(KernelParameters.console("ttyS0,115200n8")), RetryPolicy.standard(), LocalBootMethod.EXIT);
    MacAddress MAC = MacAddresses.parse("52:54:00:0b:00:01");

    private Node bootable(String name) {
        Node node = store().nodes().create(newNode().name(name).driverInfo(StoreFixture.json(
                "{\"deploy_kernel\":\"agent.kernel\",\"deploy_ramdisk\":\"http://images.example/agent.initramfs\"}"))
                .build());
        createPort(node.uuid(), MAC.toString());
        return node;
    }

    @Test
    default void aBootPreparedOnOneConductorIsServedTheSameByAnother() {
        Node node = bootable("shared-boot");
        StoredBootScripts onA = new StoredBootScripts(store(), BOOT);
        StoredBootScripts onB = new StoredBootScripts(openAnotherStore(), BOOT);
        NetworkBoot ipxeOnA = new NetworkBoot("ipxe", BOOT, onA, Optional.empty());
        BootTarget target = new BootTarget(node, List.of(MAC));
        IpxeScriptRenderer ipxe = new IpxeScriptRenderer();

        ipxeOnA.prepareRamdisk(target, RamdiskPurpose.CLEAN);
        BootScript fromB = onB.scriptFor(MAC).orElseThrow();
        assertThat(fromB).isEqualTo(onA.scriptFor(MAC).orElseThrow())
                .isEqualTo(ipxeOnA.ramdiskBoot(node, RamdiskPurpose.CLEAN));
        assertThat(((BootScript.AgentBoot) fromB).purpose()).isEqualTo(BootPurpose.CLEAN);
        assertThat(ipxe.render(fromB)).contains("http://10.20.0.1:8080/boot/files/agent.kernel")
                .contains("ipa-api-url=http://10.20.0.1:6385");

        ipxeOnA.prepareInstance(target);
        assertThat(onB.scriptFor(MAC)).contains(new BootScript.LocalDisk(LocalBootMethod.EXIT));

        ipxeOnA.prepareNetbootInstance(target, new NetbootInstance("vmlinuz", "initrd", "0123abcd"));
        assertThat(ipxe.render(onB.scriptFor(MAC).orElseThrow()))
                .contains("http://10.20.0.1:8080/boot/files/vmlinuz").contains("root=UUID=0123abcd ro");

        ipxeOnA.cleanUpRamdisk(target);
        assertThat(onB.scriptFor(MAC).orElseThrow()).as("enrolled, not booting: sent on, not discovered")
                .isInstanceOf(BootScript.NextDevice.class);
        assertThat(onB.scriptFor(MacAddresses.parse("52:54:00:0b:00:02"))).as("unknown MAC").isEmpty();
    }

    @Test
    default void theBootRecordIsPerNodeAndGoesWithIt() {
        Node node = bootable("recorded");
        Store other = openAnotherStore();

        store().bootStates().put(node.uuid(), new BootState.Ramdisk(RamdiskPurpose.INSPECT).toRecord());
        store().bootStates().put(node.uuid(), new BootState.Ramdisk(RamdiskPurpose.DEPLOY).toRecord());
        assertThat(other.bootStates().find(node.uuid()).map(BootState::of))
                .contains(new BootState.Ramdisk(RamdiskPurpose.DEPLOY));
        assertThatThrownBy(() -> store().bootStates().put(UUID.randomUUID(), new BootState.LocalDisk().toRecord()))
                .isInstanceOf(NotFoundException.class);

        store().nodes().delete(lock(node.uuid()));
        assertThat(other.bootStates().find(node.uuid())).isEmpty();
    }

    @Test
    default void aBootThatNoLongerRendersSendsTheMachineOnSayingWhy() {
        Node node = bootable("broken");
        StoredBootScripts scripts = new StoredBootScripts(store(), BOOT);
        store().bootStates().put(node.uuid(),
                new BootState.Netboot(new NetbootInstance("ftp://x y", "i", "r")).toRecord());

        BootScript served = scripts.scriptFor(MAC).orElseThrow();
        assertThat(served).isInstanceOf(BootScript.NextDevice.class);
        assertThat(new IpxeScriptRenderer().render(served)).contains(node.uuid().toString())
                .contains("cannot be built");
    }
}
