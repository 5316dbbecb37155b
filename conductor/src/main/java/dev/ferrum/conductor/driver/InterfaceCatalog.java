package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.driver.bios.BiosInterface;
import dev.ferrum.conductor.driver.bios.FakeBios;
import dev.ferrum.conductor.driver.bios.NoBios;
import dev.ferrum.conductor.driver.boot.BootInterface;
import dev.ferrum.conductor.driver.firmware.FakeFirmware;
import dev.ferrum.conductor.driver.firmware.FirmwareInterface;
import dev.ferrum.conductor.driver.firmware.NoFirmware;
import dev.ferrum.conductor.driver.boot.FakeBoot;
import dev.ferrum.conductor.driver.boot.NoopBoot;
import dev.ferrum.conductor.driver.deploy.DeployInterface;
import dev.ferrum.conductor.driver.deploy.DirectDeploy;
import dev.ferrum.conductor.driver.deploy.FakeDeploy;
import dev.ferrum.conductor.driver.deploy.NoopDeploy;
import dev.ferrum.conductor.driver.inspect.AgentInspect;
import dev.ferrum.conductor.driver.inspect.FakeInspect;
import dev.ferrum.conductor.driver.inspect.InspectInterface;
import dev.ferrum.conductor.driver.inspect.NoInspect;
import dev.ferrum.conductor.driver.management.FakeManagement;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.driver.management.NoopManagement;
import dev.ferrum.conductor.driver.power.FakePower;
import dev.ferrum.conductor.driver.power.NoopPower;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.driver.rescue.AgentRescue;
import dev.ferrum.conductor.driver.rescue.FakeRescue;
import dev.ferrum.conductor.driver.rescue.NoRescue;
import dev.ferrum.conductor.driver.rescue.RescueInterface;
import dev.ferrum.conductor.node.InterfaceKind;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The interface implementations this conductor has built, by slot and name, for the slots Ferrum
 * implements (power, management, boot, deploy, inspect, rescue, bios, firmware). {@code Main} builds the real ones
 * (ipmitool, redfish, ipxe, …) from typed configs; {@link #withFakesAndNoops()} gives the
 * implementations that need nothing.
 */
public final class InterfaceCatalog {
    /** The slots whose implementations are objects here; the other kinds are names only. */
    public static final Set<InterfaceKind> IMPLEMENTED = Set.of(InterfaceKind.POWER, InterfaceKind.MANAGEMENT,
            InterfaceKind.BOOT, InterfaceKind.DEPLOY, InterfaceKind.INSPECT, InterfaceKind.RESCUE, InterfaceKind.BIOS,
            InterfaceKind.FIRMWARE);

    private final Map<InterfaceKind, Map<String, DriverInterface>> byKind = new EnumMap<>(InterfaceKind.class);
    /** Per slot, implementations this conductor could build but was not configured for, and how to enable each. */
    private final Map<InterfaceKind, Map<String, String>> howToEnable = new EnumMap<>(InterfaceKind.class);

    private InterfaceCatalog() {
        IMPLEMENTED.forEach(kind -> byKind.put(kind, new LinkedHashMap<>()));
        // Every hardware type can fall back to no-bios and no-firmware, so a catalog built before the bios slot existed still works.
        bios(new NoBios());
        firmware(new NoFirmware());
    }

    /** An empty catalog. */
    public static InterfaceCatalog empty() {
        return new InterfaceCatalog();
    }

    /** A catalog holding every fake and no-op implementation plus {@code direct} and the {@code agent} inspect and rescue. */
    public static InterfaceCatalog withFakesAndNoops() {
        return empty()
                .power(new FakePower()).power(new NoopPower())
                .management(new FakeManagement()).management(new NoopManagement())
                .boot(new FakeBoot()).boot(new NoopBoot())
                .deploy(new FakeDeploy()).deploy(new DirectDeploy()).deploy(new NoopDeploy())
                .inspect(new FakeInspect()).inspect(new NoInspect()).inspect(new AgentInspect())
                .rescue(new FakeRescue()).rescue(new NoRescue()).rescue(new AgentRescue())
                .bios(new FakeBios()).firmware(new FakeFirmware());
    }

    public InterfaceCatalog power(PowerInterface power) {
        return put(InterfaceKind.POWER, power);
    }

    public InterfaceCatalog management(ManagementInterface management) {
        return put(InterfaceKind.MANAGEMENT, management);
    }

    public InterfaceCatalog boot(BootInterface boot) {
        return put(InterfaceKind.BOOT, boot);
    }

    public InterfaceCatalog deploy(DeployInterface deploy) {
        return put(InterfaceKind.DEPLOY, deploy);
    }

    public InterfaceCatalog inspect(InspectInterface inspect) {
        return put(InterfaceKind.INSPECT, inspect);
    }

    public InterfaceCatalog rescue(RescueInterface rescue) {
        return put(InterfaceKind.RESCUE, rescue);
    }

    public InterfaceCatalog bios(BiosInterface bios) {
        return put(InterfaceKind.BIOS, bios);
    }

    public InterfaceCatalog firmware(FirmwareInterface firmware) {
        return put(InterfaceKind.FIRMWARE, firmware);
    }

    /**
     * Records that {@code name} was not built because its configuration is missing, and {@code howToEnable}
     * it (e.g. the option to start the conductor with), so a node asking for it is told.
     */
    public InterfaceCatalog notConfigured(InterfaceKind kind, String name, String howToEnable) {
        this.howToEnable.computeIfAbsent(kind, k -> new LinkedHashMap<>()).put(name, howToEnable);
        return this;
    }

    /** How to enable {@code name} in {@code kind}'s slot, if it was left out for want of configuration. */
    public Optional<String> howToEnable(InterfaceKind kind, String name) {
        return Optional.ofNullable(howToEnable.getOrDefault(kind, Map.of()).get(name));
    }

    /** The implementation named {@code name} in {@code kind}'s slot, if built. */
    public Optional<DriverInterface> find(InterfaceKind kind, String name) {
        return Optional.ofNullable(byKind.getOrDefault(kind, Map.of()).get(name));
    }

    /** The names built for {@code kind}, in the order added. */
    public Set<String> names(InterfaceKind kind) {
        return Set.copyOf(byKind.getOrDefault(kind, Map.of()).keySet());
    }

    // Replaces an earlier one of the same name, so Main can swap a fake for a real implementation.
    private InterfaceCatalog put(InterfaceKind kind, DriverInterface implementation) {
        byKind.get(kind).put(implementation.name(), implementation);
        return this;
    }
}
