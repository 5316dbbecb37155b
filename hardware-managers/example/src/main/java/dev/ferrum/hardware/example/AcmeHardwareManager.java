package dev.ferrum.hardware.example;

import dev.ferrum.hardware.example.firmware.FirmwareImage;
import dev.ferrum.hardware.example.firmware.FirmwareReset;
import dev.ferrum.hardware.example.firmware.FirmwareUpdate;
import dev.ferrum.hardware.example.firmware.ResetArguments;
import dev.ferrum.hardware.example.raid.AcmeRaidController;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.InventoryContributor;
import dev.ferrum.hardware.spi.InventoryDraft;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.RaidArguments;
import dev.ferrum.hardware.spi.RaidConfiguration;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepContext;
import dev.ferrum.hardware.spi.StepInterface;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The example vendor plugin: supports only Acme machines, adds the chassis asset tag and the RAID
 * controller's battery state to the inventory, offers a clean step that resets the firmware settings with Acme's tool, and a clean and deploy
 * step {@code update_firmware} that flashes a firmware component from a checked image.
 *
 * <p>A hardware manager is a plain class with a public no-argument constructor: the agent creates
 * it through {@link java.util.ServiceLoader}. It keeps no state about the machine in static fields
 * and does not touch the machine in its constructor; everything it needs arrives in the
 * {@link MachineContext} passed to each call, whose root is {@code /} on a real machine and a
 * fixture tree in tests. It never sees JSON: steps take and return records, and the agent maps them.
 */
public final class AcmeHardwareManager implements HardwareManager, InventoryContributor, StepProvider {

    /** The DMI vendor string Acme firmware reports; only machines with it are ours. */
    static final String ACME_VENDOR = "Acme Servers";

    /** The step name: unique across managers unless we mean to replace another manager's step. */
    static final String RESET_FIRMWARE_STEP = "reset_acme_firmware_settings";

    /**
     * Priority among automated clean steps: higher runs earlier. 95 places it after the metadata
     * erase (99) and before the full disk erase (10); 0 would make it run only when asked for.
     */
    static final int RESET_FIRMWARE_PRIORITY = 95;

    /** The vendor tool this manager drives; shelling out goes through the context's runner. */
    static final String ACME_TOOL = "acme-fwconfig";

    /**
     * The step, declared once: its name, priority, arguments record and the method that runs it.
     * The firmware applies the defaults at the next boot, so it asks the conductor to reboot; it is
     * not marked interruptible because stopping the tool half-way could leave the settings
     * inconsistent.
     */
    private final Step<ResetArguments, FirmwareReset> resetFirmware = Step
            .of(RESET_FIRMWARE_STEP, RESET_FIRMWARE_PRIORITY, ResetArguments.class, this::resetFirmware)
            .requestingReboot();

    /**
     * Hardware RAID on Acme's controller, under IPA's step names: the same names as the generic
     * manager's software RAID steps, so on Acme machines (where this manager's VENDOR support outranks
     * GENERIC) the agent runs these instead. Both priority 0: RAID is built only when asked for.
     */
    private final Step<?, ?> createRaid = Step.withoutArguments("create_configuration", 0, this::createRaid)
            .onInterface(StepInterface.RAID);
    private final Step<?, ?> deleteRaid = Step.withoutArguments("delete_configuration", 0, this::deleteRaid)
            .onInterface(StepInterface.RAID);
    private final Step<?, ?> applyRaid = Step.of("apply_configuration", 0, RaidArguments.class, this::applyRaid)
            .onInterface(StepInterface.RAID);

    /** The firmware update step's name. */
    static final String UPDATE_FIRMWARE_STEP = "update_firmware";

    /**
     * Updates one of the machine's firmware components from an image; priority 0, so it runs only when asked
     * for (manual cleaning, deploy_steps or a deploy template). The image is checked before anything is flashed.
     */
    private final Step<FirmwareImage, FirmwareUpdate> updateFirmware = Step
            .of(UPDATE_FIRMWARE_STEP, 0, FirmwareImage.class, (image, context) -> FirmwareFlasher.update(image,
                    context.machine()));

    @Override
    public String name() {
        // Reported with steps as the manager that owns them; keep it stable across versions.
        return "acme";
    }

    @Override
    public String version() {
        // Conductors compare step-owner versions between get_clean_steps and execute_clean_step
        // (a mismatch is IPA's CLEAN_VERSION_MISMATCH), so bump it when steps change.
        return "1.0";
    }

    @Override
    public SupportLevel evaluateSupport(MachineContext machine) {
        // Claim VENDOR only on our own hardware so we outrank the generic manager there, and NONE
        // elsewhere so the agent drops us entirely. Reading DMI through machine.sys() keeps tests on
        // fixture trees.
        return dmi(machine, "sys_vendor").filter(ACME_VENDOR::equals).isPresent()
                ? SupportLevel.VENDOR
                : SupportLevel.NONE;
    }

    @Override
    public void contribute(InventoryDraft draft, MachineContext machine) {
        // Offer only what we know better than the generic manager. A field outside IPA's schema goes
        // in as an extra (a string here; a record works too): conductors keep it with the inventory
        // and inspection hooks can use it.
        dmi(machine, "chassis_asset_tag")
                .filter(tag -> !tag.isBlank())
                .ifPresent(tag -> draft.offerExtra("acme_asset_tag", tag));
        // The generic manager has already offered CPU, memory, disks and NICs (from OSHI, checked
        // against sysfs); a plugin adds only what no generic source can see, such as the RAID
        // controller's cache battery, as a record.
        new AcmeRaidController(machine).battery().ifPresent(battery -> draft.offerExtra("acme_raid_battery", battery));
    }

    @Override
    public List<Step<?, ?>> steps(StepKind kind) {
        return switch (kind) {
            // The firmware update is both a clean and a deploy step; the settings reset only a clean step.
            case CLEAN -> List.of(resetFirmware, updateFirmware, deleteRaid, createRaid);
            case DEPLOY -> List.of(updateFirmware, applyRaid);
            // Servicing an active machine may update its firmware or rebuild its array.
            case SERVICE -> List.of(updateFirmware, deleteRaid, createRaid);
        };
    }

    /** Builds the node's target_raid_config; the result is what the conductor stores as raid_config. */
    private RaidConfiguration createRaid(StepContext context) {
        return new AcmeRaidController(context.machine())
                .create(RaidConfiguration.targetOf(context.node(), "raid.create_configuration"));
    }

    private NoResult deleteRaid(StepContext context) {
        new AcmeRaidController(context.machine()).clear();
        return NoResult.NONE;
    }

    private RaidConfiguration applyRaid(RaidArguments arguments, StepContext context) {
        AcmeRaidController controller = new AcmeRaidController(context.machine());
        if (arguments.deleteFirst()) {
            controller.clear();
        }
        return controller.create(arguments.raidConfig());
    }

    /** Runs the vendor tool; the arguments arrive typed, the machine and node in the context. */
    private FirmwareReset resetFirmware(ResetArguments arguments, StepContext context) {
        List<String> command = new ArrayList<>(List.of(ACME_TOOL, "--reset-defaults", "--yes"));
        arguments.profile().ifPresent(profile -> command.addAll(List.of("--profile", profile)));
        CommandResult result = context.machine().commands().run(command, Duration.ofMinutes(5));
        if (!result.succeeded()) {
            // The message reaches the operator as the node's last_error: say what to do next.
            throw new HardwareManagerException(ACME_TOOL + " failed with exit code " + result.exitCode() + ": "
                    + result.stderr().strip() + "; check the BMC event log, then retry cleaning");
        }
        return new FirmwareReset(arguments.profile().orElse("defaults"), result.stdout().strip());
    }

    private static Optional<String> dmi(MachineContext machine, String field) {
        Path file = machine.sys().resolve("class/dmi/id").resolve(field);
        if (!Files.isReadable(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
