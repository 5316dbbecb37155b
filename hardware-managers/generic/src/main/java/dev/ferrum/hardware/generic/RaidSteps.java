package dev.ferrum.hardware.generic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.raid.SoftwareRaid;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.RaidArguments;
import dev.ferrum.hardware.spi.RaidConfiguration;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepContext;
import dev.ferrum.hardware.spi.StepInterface;
import dev.ferrum.hardware.spi.StepKind;
import java.util.List;
import java.util.Locale;

/**
 * The generic manager's RAID steps, with IPA's names: clean steps {@code raid.delete_configuration}
 * and {@code raid.create_configuration} (priority 0: they run only when asked for) building the
 * node's {@code target_raid_config}, and the deploy step {@code raid.apply_configuration} building
 * the {@code raid_config} argument. All three build software RAID with mdadm ({@link SoftwareRaid});
 * a vendor manager offering a step of the same name for its controller outranks these.
 */
final class RaidSteps {
    static final String CREATE = "create_configuration";
    static final String DELETE = "delete_configuration";
    static final String APPLY = "apply_configuration";

    private final Step<?, ?> create = Step.withoutArguments(CREATE, 0, this::create)
            .onInterface(StepInterface.RAID).interruptible();
    private final Step<?, ?> delete = Step.withoutArguments(DELETE, 0, this::delete)
            .onInterface(StepInterface.RAID).interruptible();
    private final Step<?, ?> apply = Step.of(APPLY, 0, RaidArguments.class, this::apply)
            .onInterface(StepInterface.RAID);

    List<Step<?, ?>> steps(StepKind kind) {
        return switch (kind) {
            case CLEAN -> List.of(delete, create);
            case DEPLOY -> List.of(apply);
            // IPA's generic manager offers its RAID steps for servicing too.
            case SERVICE -> List.of(delete, apply, create);
        };
    }

    private RaidConfiguration create(StepContext context) {
        return build(RaidConfiguration.targetOf(context.node(), "raid." + CREATE), context);
    }

    private NoResult delete(StepContext context) {
        new SoftwareRaid(context.machine()).delete();
        return NoResult.NONE;
    }

    private RaidConfiguration apply(RaidArguments arguments, StepContext context) {
        if (arguments.deleteFirst()) {
            new SoftwareRaid(context.machine()).delete();
        }
        return build(arguments.raidConfig(), context);
    }

    private static RaidConfiguration build(RaidConfiguration target, StepContext context) {
        JsonNode node = context.node().as(JsonNode.class);
        String bootMode = bootMode(node);
        boolean uefi = bootMode.equals("uefi");
        String label = capability(node, "disk_label").orElse(uefi ? "gpt" : "msdos");
        return new SoftwareRaid(context.machine()).create(target, BlockDeviceReader.read(context.machine()),
                label.equals("gpt"), uefi);
    }

    /** Ironic's order: the instance's deploy_boot_mode, the boot_mode capability, else UEFI (Ironic's default). */
    private static String bootMode(JsonNode node) {
        String fromInstance = node.path("instance_info").path("deploy_boot_mode").asText("");
        if (!fromInstance.isBlank()) {
            return fromInstance.toLowerCase(Locale.ROOT);
        }
        return capability(node, "boot_mode").map(m -> m.toLowerCase(Locale.ROOT)).orElse("uefi");
    }

    /** A capability from properties.capabilities, which Ironic keeps as "k:v,k:v" text (or a dict). */
    private static java.util.Optional<String> capability(JsonNode node, String key) {
        JsonNode capabilities = node.path("properties").path("capabilities");
        if (capabilities.isObject()) {
            return java.util.Optional.ofNullable(capabilities.path(key).asText(null));
        }
        for (String pair : capabilities.asText("").split(",")) {
            String[] kv = pair.split(":", 2);
            if (kv.length == 2 && kv[0].strip().equals(key)) {
                return java.util.Optional.of(kv[1].strip());
            }
        }
        return java.util.Optional.empty();
    }
}
