package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
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
 * Software RAID for real: the VM lab's machine (see {@link VmLab}) gets two disks and a
 * {@code target_raid_config} of one RAID-1 root volume on the software controller; manual cleaning
 * with {@code raid.delete_configuration} and {@code raid.create_configuration} makes the agent
 * partition both disks with parted and build {@code /dev/md0} with mdadm, and the node's
 * {@code raid_config} and root-device hint report it. After {@code provide} (whose metadata erasure
 * must keep the array's members) a partition image (see {@link PartitionImage}) is deployed for BIOS
 * boot: the hint picks the array, the agent assembles it again at start, partitions it, and
 * install_bootloader puts GRUB on both holder disks. The machine boots its disks through GRUB to the
 * image's marker; then the first disk is pulled and the machine, reset, boots the marker again from
 * the second alone. Skips, saying why, where the VM lab, GRUB's BIOS tools or mdadm/parted (which the
 * ramdisk takes from the host) are missing; CI installs them.
 */
@Tag("qemu")
class SoftwareRaidVmTest {
    private static final Duration BOOT_AND_WORK = Duration.ofMinutes(10);
    private static final String WHO = "SoftwareRaidVmTest";

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
    void buildsARaid1RootDeploysOntoItAndBootsFromEitherDisk() throws Exception {
        VmLab.assumeToolsPresent(WHO);
        PartitionImage.assumeToolsPresent(WHO, Firmware.BIOS);
        assumeRaidToolsPresent();
        String marker = "FERRUM-RAID-MARKER-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        byte[] image = PartitionImage.build(temp, marker, Firmware.BIOS);
        lab = VmLab.start(temp, Map.of("root.img", image), Firmware.BIOS, 2);
        BmcManagedVm vm = lab.vm();

        ArrayNode setup = lab.json().createArrayNode();
        setup.addObject().put("op", "add").put("path", "/properties/capabilities").put("value", "boot_mode:bios");
        setup.addObject().put("op", "replace").put("path", "/raid_interface").put("value", "agent");
        lab.call("PATCH", "/v1/nodes/" + lab.nodeUuid(), setup, 200);
        // 2 GiB rather than MAX: the mirror's initial resync then copies 2 GiB, not 5, under TCG.
        lab.call("PUT", "/v1/nodes/" + lab.nodeUuid() + "/states/raid", lab.json().readTree("""
                {"logical_disks": [{"size_gb": 2, "raid_level": "1", "controller": "software",
                  "is_root_volume": true}]}"""), 204);
        lab.provision("manage", "manageable", Duration.ofMinutes(1));

        ObjectNode clean = lab.json().createObjectNode().put("target", "clean");
        ArrayNode steps = clean.putArray("clean_steps");
        steps.addObject().put("interface", "raid").put("step", "delete_configuration");
        steps.addObject().put("interface", "raid").put("step", "create_configuration");
        lab.provision(clean, "manageable", BOOT_AND_WORK);
        JsonNode cleaned = lab.node();
        assertThat(cleaned.path("raid_config").path("logical_disks")).as("raid_config: %s", cleaned.path("raid_config"))
                .singleElement().satisfies(disk -> {
                    assertThat(disk.path("raid_level").asText()).isEqualTo("1");
                    assertThat(disk.path("controller").asText()).isEqualTo("software");
                    assertThat(disk.path("is_root_volume").asBoolean()).isTrue();
                });
        assertThat(cleaned.path("properties").path("root_device").path("name").asText()).isEqualTo("/dev/md0");
        for (Path disk : vm.disks()) {
            List<DiskPartitions.Entry> entries = DiskPartitions.entries(disk);
            assertThat(entries).as("one RAID partition from 1 MiB on %s", disk).singleElement().satisfies(entry -> {
                assertThat(entry.firstSector() * 512).isEqualTo(1L << 20);
                assertThat(entry.sectors() * 512).isEqualTo(2L << 30);
                assertThat(mdSuperblockMagic(disk, entry)).as("an md 1.2 superblock 4 KiB into the partition").isTrue();
            });
        }

        lab.provision("provide", "available", BOOT_AND_WORK);
        assertThat(vm.disks()).as("provide's metadata erasure skipped the array's members, as IPA does")
                .allSatisfy(disk -> assertThat(DiskPartitions.entries(disk)).hasSize(1));

        ArrayNode patch = lab.json().createArrayNode();
        Map.of("image_source", lab.api() + "/boot/files/root.img", "image_type", "partition", "root_gb", "1",
                "image_os_hash_algo", "sha256", "image_os_hash_value",
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image)))
                .forEach((key, value) -> patch.addObject().put("op", "add").put("path", "/instance_info/" + key)
                        .put("value", value));
        lab.call("PATCH", "/v1/nodes/" + lab.nodeUuid(), patch, 200);
        long deployStarted = System.nanoTime();
        lab.provision("active", "active", BOOT_AND_WORK);
        System.out.printf("%s: deploy took %.1f s%n", WHO, (System.nanoTime() - deployStarted) / 1e9);

        assertThat(VmLab.eventually(Duration.ofMinutes(4), () -> count(vm.console(), marker) >= 1))
                .as("the VM booted its disks through GRUB on the array into the image's kernel, which printed %s\n%s",
                        marker, vm.consoleTail(60))
                .isTrue();
        for (Path disk : vm.disks()) {
            assertThat(new String(DiskPartitions.bootSector(disk), StandardCharsets.ISO_8859_1))
                    .as("install_bootloader put GRUB's boot code on holder %s", disk).contains("GRUB");
        }

        // A dead first disk: the firmware now boots the second, whose GRUB must find the degraded mirror. The
        // image's init powered the VM off; the reset (stop, then start with the new disk list) also ends any boot
        // power sync may have begun with both disks, so only markers printed after it count.
        vm.detachDisk(0);
        assertThat(vm.ipmitool("chassis", "power", "reset").exitCode()).isZero();
        int before = count(vm.console(), marker);
        assertThat(VmLab.eventually(Duration.ofMinutes(4), () -> count(vm.console(), marker) > before))
                .as("with the first disk gone the VM booted from the second disk's GRUB to %s again\n%s", marker,
                        vm.consoleTail(60))
                .isTrue();
    }

    /** mdadm's 1.2 superblock: magic a92b4efc (little-endian) at 4 KiB into the member. */
    private static boolean mdSuperblockMagic(Path disk, DiskPartitions.Entry entry) throws Exception {
        byte[] head = DiskPartitions.head(disk, entry, 8192);
        return (head[4096] & 0xff) == 0xfc && (head[4097] & 0xff) == 0x4e && (head[4098] & 0xff) == 0x2b
                && (head[4099] & 0xff) == 0xa9;
    }

    private static int count(String text, String what) {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
            count++;
        }
        return count;
    }

    private static void assumeRaidToolsPresent() {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("mdadm", "parted", "partprobe", "wipefs")) {
            if (HostCommands.find(tool).isEmpty()) {
                missing.add(tool);
            }
        }
        String why = missing.isEmpty() ? "" : "missing " + String.join(", ", missing)
                + " (apt-get install mdadm parted util-linux), which the ramdisk takes from the host";
        if (!why.isEmpty()) {
            System.out.println(WHO + " SKIPPED: " + why);
        }
        assumeTrue(why.isEmpty(), WHO + " skipped: " + why);
    }
}
