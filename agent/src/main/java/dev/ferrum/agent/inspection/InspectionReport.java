package dev.ferrum.agent.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.registry.SelectedManager;
import dev.ferrum.protocol.inspection.InspectionConfiguration;
import dev.ferrum.protocol.inspection.IpaContinue;
import dev.ferrum.protocol.inspection.ManagerVersion;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The body the agent posts to an inspection service: IPA's form ({@code inventory},
 * {@code root_disk}, {@code boot_interface}, {@code configuration}, {@code logs}) plus the flat
 * fields ironic-discoverd's processing reads ({@code cpus}, {@code cpu_arch}, {@code memory_mb},
 * {@code local_gb}, {@code interfaces}, {@code ipmi_address}), so either service accepts it.
 */
public final class InspectionReport {
    private static final long GIB = 1L << 30;

    private InspectionReport() {
    }

    /**
     * Builds the body.
     *
     * @param rootDisk the disk an image would go to; {@code local_gb} is its size in GiB less one,
     *     the margin inspector's scheduler hook keeps for partitioning
     * @param bootInterface the {@code BOOTIF} MAC, when the machine PXE-booted
     * @param logs base64 gzipped logs, when the {@code logs} collector is enabled
     */
    public static ObjectNode build(ObjectMapper json, Inventory inventory, Optional<Disk> rootDisk,
            Optional<String> bootInterface, List<String> collectors, List<SelectedManager> managers,
            Optional<String> logs) {
        Map<String, JsonNode> flat = new LinkedHashMap<>();
        flat.put("cpus", json.getNodeFactory().numberNode(inventory.cpu().count()));
        inventory.cpu().architecture().ifPresent(arch -> flat.put("cpu_arch", json.getNodeFactory().textNode(arch)));
        long memoryMb = inventory.memory().physicalMb().orElse(inventory.memory().total() / (1L << 20));
        flat.put("memory_mb", json.getNodeFactory().numberNode(memoryMb));
        rootDisk.ifPresent(disk -> flat.put("local_gb", json.getNodeFactory().numberNode(Math.max(0, disk.size() / GIB - 1))));
        flat.put("interfaces", interfaces(json, inventory.interfaces()));
        inventory.bmcAddress().ifPresent(bmc -> flat.put("ipmi_address", json.getNodeFactory().textNode(bmc)));

        var configuration = new InspectionConfiguration(collectors,
                managers.stream().map(m -> new ManagerVersion(m.name(), m.manager().version())).toList());
        // IPA reports the PXE interface in the BOOTIF form it was given (01-aa-bb-...).
        Optional<String> bootif = bootInterface.map(mac -> "01-" + mac.replace(':', '-'));
        IpaContinue body = new IpaContinue(inventory, rootDisk, bootif, Optional.of(configuration), Optional.empty(),
                logs, flat);
        return json.valueToTree(body);
    }

    private static ObjectNode interfaces(ObjectMapper json, List<NetworkInterface> nics) {
        ObjectNode interfaces = json.createObjectNode();
        for (NetworkInterface nic : nics) {
            ObjectNode entry = interfaces.putObject(nic.name());
            entry.put("mac", nic.macAddress());
            nic.ipv4Address().ifPresentOrElse(ip -> entry.put("ip", ip), () -> entry.putNull("ip"));
        }
        return interfaces;
    }
}
