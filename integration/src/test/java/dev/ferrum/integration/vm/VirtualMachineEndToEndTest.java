package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real chain on a virtual bare-metal machine: Ferrum's conductor (in this JVM, on the host end
 * of a veth into a private namespace) drives a QEMU VM with an empty disk through its own
 * {@code ipmi_sim} BMC, and the VM PXE-boots (QEMU's iPXE ROM, DHCP from dnsmasq admitting the MACs
 * the conductor allows, script and ramdisk over HTTP from the conductor) the agent ramdisk built
 * from this checkout. Through the conductor's API only: enroll, manage, inspect (the inventory
 * matches the VM), provide (automated cleaning with metadata erase only), deploy a bootable raw
 * image built here with a config drive given as a JSON object, and see the VM boot it from its disk:
 * its boot code prints a per-run marker on the serial console, and the disk holds the drive's ISO. Console, BMC and dnsmasq logs stay in {@code target/vm-logs/<run>/}.
 * Skips, saying why, without root, iproute2, QEMU, ipmi_sim, ipmitool, dnsmasq or the image
 * builder's tools; CI installs all of them, so there it runs.
 */
@Tag("qemu")
class VirtualMachineEndToEndTest {
    /** TCG on 2 shared cores: about 40 s from power-on to the agent's first request, more when busy. */
    private static final Duration BOOT_AND_WORK = Duration.ofMinutes(5);

    private VmLab lab;

    @TempDir
    Path temp;

    @AfterEach
    void stopEverything() {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void inspectsCleansAndDeploysAVirtualMachineThroughItsBmcAndPxe() throws Exception {
        VmLab.assumeToolsPresent("VirtualMachineEndToEndTest");
        String marker = "FERRUM-VM-MARKER-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        byte[] image = MarkerDiskImage.build(marker);
        lab = VmLab.start(temp, Map.of("disk.img", image));
        BmcManagedVm vm = lab.vm();

        lab.provision("manage", "manageable", Duration.ofMinutes(1));

        long inspectStarted = System.nanoTime();
        lab.provision("inspect", "manageable", BOOT_AND_WORK);
        System.out.printf("VirtualMachineEndToEndTest: inspection took %.1f s%n", (System.nanoTime() - inspectStarted) / 1e9);
        JsonNode properties = lab.node().path("properties");
        String context = properties + "\n" + vm.consoleTail(40);
        assertThat(properties.path("cpus").asText()).as("CPU count, -smp %d: %s", BmcManagedVm.CPUS, context)
                .isEqualTo(Integer.toString(BmcManagedVm.CPUS));
        assertThat(Long.parseLong(properties.path("memory_mb").asText("0"))).as("memory with -m %d: %s",
                BmcManagedVm.MEMORY_MIB, context).isBetween(BmcManagedVm.MEMORY_MIB * 7L / 8, (long) BmcManagedVm.MEMORY_MIB);
        assertThat(properties.path("local_gb").asText()).as("root disk of %d bytes less 1 GiB: %s", VmLab.DISK_BYTES, context)
                .isEqualTo(Long.toString(VmLab.DISK_BYTES / VmLab.GIB - 1));
        assertThat(properties.path("cpu_arch").asText()).as(context).isEqualTo("x86_64");
        List<String> ports = new ArrayList<>();
        lab.call("GET", "/v1/ports?node_uuid=" + lab.nodeUuid(), null, 200).path("ports")
                .forEach(p -> ports.add(p.path("address").asText()));
        assertThat(ports).as("the inventory's PXE NIC is the enrolled MAC, so inspection added no other port")
                .containsExactly(vm.mac());
        JsonNode sent = lab.call("GET", "/v1/introspection/" + lab.nodeUuid() + "/data/unprocessed", null, 200);
        assertThat(sent.path("inventory").path("interfaces").findValuesAsText("mac_address"))
                .as("the inventory the agent sent names the VM's NIC: %s", sent.path("inventory").path("interfaces"))
                .contains(vm.mac());
        assertThat(sent.path("inventory").path("cpu").path("count").asInt()).as("the inventory's CPU count")
                .isEqualTo(BmcManagedVm.CPUS);
        assertThat(Files.readString(lab.logs().resolve("dnsmasq.log"))).as("the VM got its lease from this test's dnsmasq")
                .contains("DHCPACK(" + ProvisioningNetwork.BRIDGE + ")").contains(vm.mac());
        assertThat(VmLab.eventually(Duration.ofSeconds(30), () -> !vm.running())).as("inspection powers the VM off")
                .isTrue();

        long cleanStarted = System.nanoTime();
        lab.provision("provide", "available", BOOT_AND_WORK);
        System.out.printf("VirtualMachineEndToEndTest: cleaning took %.1f s%n", (System.nanoTime() - cleanStarted) / 1e9);
        assertThat(VmLab.eventually(Duration.ofSeconds(30), () -> !vm.running())).as("cleaning ends powered off").isTrue();

        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        ArrayNode patch = lab.json().createArrayNode();
        patch.addObject().put("op", "add").put("path", "/instance_info/image_source").put("value", lab.api() + "/boot/files/disk.img");
        patch.addObject().put("op", "add").put("path", "/instance_info/image_os_hash_algo").put("value", "sha256");
        patch.addObject().put("op", "add").put("path", "/instance_info/image_os_hash_value").put("value", sha256);
        lab.call("PATCH", "/v1/nodes/" + lab.nodeUuid(), patch, 200);
        long deployStarted = System.nanoTime();
        ObjectNode deploy = lab.json().createObjectNode().put("target", "active");
        deploy.putObject("configdrive").put("user_data", "#cloud-config\n").putObject("meta_data")
                .put("hostname", "ferrum-vm");
        lab.provision(deploy, "active", BOOT_AND_WORK);
        System.out.printf("VirtualMachineEndToEndTest: deploy took %.1f s%n", (System.nanoTime() - deployStarted) / 1e9);

        assertThat(VmLab.eventually(Duration.ofMinutes(2), () -> vm.console().contains(marker)))
                .as("the VM rebooted from its disk and the deployed boot code printed %s\n%s", marker, vm.consoleTail(40))
                .isTrue();
        assertThat(lab.node().path("provision_state").asText()).isEqualTo("active");
        assertConfigDriveOn(vm.disk(), marker);
    }

    /**
     * The config drive the conductor built from the JSON object is the disk's second MBR partition,
     * an ISO labelled config-2 whose meta_data.json names the host (read by isoinfo where installed).
     */
    private void assertConfigDriveOn(Path disk, String context) throws Exception {
        List<DiskPartitions.Entry> entries = DiskPartitions.entries(disk);
        assertThat(entries).as("a config-drive partition after the image's (%s)", context).hasSizeGreaterThan(1);
        DiskPartitions.Entry second = entries.get(1);
        assertThat(second.number()).isEqualTo(2);
        assertThat(second.firstSector()).as("a config-drive partition after the image's (%s)", context).isPositive();
        byte[] drive = DiskPartitions.head(disk, second, 64 << 20);
        ConfigDriveIso.assertHolds(drive, "ferrum-vm", lab.nodeUuid(), temp, "VirtualMachineEndToEndTest");
    }
}
