package dev.ferrum.protocol.golden;

import dev.ferrum.protocol.api.IronicV1Document;
import dev.ferrum.protocol.command.AgentNode;
import dev.ferrum.protocol.command.AgentPort;
import dev.ferrum.protocol.command.TraitList;
import dev.ferrum.protocol.image.ImageInfo;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.inspection.DiscoverdContinue;
import dev.ferrum.protocol.inspection.DiscoverdInterface;
import dev.ferrum.protocol.inspection.IpaContinue;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.lookup.LookupConfig;
import dev.ferrum.protocol.lookup.LookupNode;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.StepInvocation;
import dev.ferrum.protocol.step.StepListParams;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The wire keys each record with an {@code extra} map must read into typed components, written
 * down independently of the records. A record whose component was renamed would silently catch
 * the wire key in {@code extra} and still round-trip; this list makes such a rename fail.
 */
final class TypedKeys {
    static final Map<Class<?>, Set<String>> EXPECTED = Map.ofEntries(
            Map.entry(Inventory.class, Set.of("cpu", "memory", "disks", "interfaces", "bmc_address",
                    "bmc_v6address", "bmc_mac", "system_vendor", "boot", "hostname")),
            Map.entry(LookupNode.class, Set.of("uuid", "properties", "instance_info", "driver_internal_info",
                    "links")),
            Map.entry(LookupConfig.class, Set.of("heartbeat_timeout", "agent_token", "agent_token_required")),
            Map.entry(IronicV1Document.class, Set.of("id", "links", "media_types", "version")),
            Map.entry(StepInvocation.class, Set.of("step", "interface", "priority", "args")),
            Map.entry(ExecuteStepParams.class, Set.of("step", "node", "ports", "clean_version", "deploy_version")),
            Map.entry(StepListParams.class, Set.of("node", "ports")),
            Map.entry(ImageInfo.class, Set.of("id", "urls", "disk_format", "container_format",
                    "stream_raw_images", "checksum", "os_hash_algo", "os_hash_value", "node_uuid", "image_type",
                    "root_mb", "swap_mb", "ephemeral_mb", "ephemeral_format", "preserve_ephemeral", "configdrive",
                    "disk_label", "deploy_boot_mode", "boot_option")),
            Map.entry(WriteImageArgs.class, Set.of("image_info", "configdrive")),
            Map.entry(IpaContinue.class, Set.of("inventory", "root_disk", "boot_interface", "configuration",
                    "error", "logs")),
            Map.entry(DiscoverdContinue.class, Set.of("cpus", "cpu_arch", "memory_mb", "local_gb", "interfaces",
                    "ipmi_address", "error")),
            Map.entry(DiscoverdInterface.class, Set.of("mac", "ip")),
            Map.entry(AgentNode.class, Set.of("uuid", "name", "instance_uuid", "driver", "driver_info",
                    "driver_internal_info", "clean_step", "deploy_step", "raid_config", "target_raid_config",
                    "instance_info", "properties", "reservation", "conductor_group", "power_state",
                    "target_power_state", "provision_state", "provision_updated_at", "target_provision_state",
                    "maintenance", "maintenance_reason", "fault", "console_enabled", "last_error", "resource_class",
                    "inspection_finished_at", "inspection_started_at", "extra", "automated_clean", "protected",
                    "protected_reason", "bios_interface", "boot_interface", "console_interface", "deploy_interface",
                    "firmware_interface", "inspect_interface", "management_interface", "network_interface",
                    "power_interface", "raid_interface", "rescue_interface", "storage_interface", "vendor_interface",
                    "traits", "owner", "lessee", "description", "retired", "retired_reason", "network_data",
                    "boot_mode", "secure_boot", "shard", "created_at", "updated_at")),
            Map.entry(AgentPort.class, Set.of("uuid", "node_uuid", "address", "extra", "local_link_connection",
                    "pxe_enabled", "internal_info", "physical_network", "is_smartnic", "name", "created_at",
                    "updated_at")),
            Map.entry(TraitList.Trait.class, Set.of("trait")));

    private TypedKeys() {
    }

    /** Every violation in the value graph: typed keys found in an extra map, or an unlisted record with one. */
    static List<String> violations(Object value) {
        List<String> violations = new ArrayList<>();
        visit(value, "$", violations);
        return violations;
    }

    private static void visit(Object value, String path, List<String> out) {
        if (value instanceof Optional<?> optional) {
            optional.ifPresent(inner -> visit(inner, path, out));
        } else if (value instanceof Collection<?> collection) {
            int i = 0;
            for (Object element : collection) {
                visit(element, path + "[" + i++ + "]", out);
            }
        } else if (value instanceof Map<?, ?> map) {
            map.forEach((key, inner) -> visit(inner, path + "." + key, out));
        } else if (value instanceof Record record) {
            visitRecord(record, path, out);
        }
    }

    private static void visitRecord(Record record, String path, List<String> out) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object inner = read(record, component);
            // A record whose wire has its own "extra" field names its catch-all "unmodelled" instead.
            boolean catchAll = component.getName().equals("unmodelled")
                    || (component.getName().equals("extra") && !hasComponent(record, "unmodelled"));
            if (catchAll && inner instanceof Map<?, ?> extra) {
                Set<String> typed = EXPECTED.get(record.getClass());
                if (typed == null) {
                    out.add(path + ": " + record.getClass().getSimpleName()
                            + " has an extra map but no entry in TypedKeys.EXPECTED");
                } else {
                    extra.keySet().stream().filter(typed::contains).forEach(key -> out.add(path + ": '" + key
                            + "' landed in " + record.getClass().getSimpleName() + ".extra instead of its component"));
                }
            } else {
                visit(inner, path + "." + component.getName(), out);
            }
        }
    }

    private static boolean hasComponent(Record record, String name) {
        return Arrays.stream(record.getClass().getRecordComponents()).anyMatch(c -> c.getName().equals(name));
    }

    private static Object read(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component, e);
        }
    }
}
