package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.driver.bios.BiosInterface;
import dev.ferrum.conductor.driver.boot.BootInterface;
import dev.ferrum.conductor.driver.firmware.FirmwareInterface;
import dev.ferrum.conductor.driver.deploy.DeployInterface;
import dev.ferrum.conductor.driver.inspect.InspectInterface;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.driver.rescue.RescueInterface;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A node's driver: its hardware type and one implementation per slot, none of them null (an
 * empty slot holds its no-op). {@code interfaces} names every slot's implementation, including
 * the slots Ferrum has no code for.
 */
public record DriverBundle(
        String hardwareType,
        NodeInterfaces interfaces,
        PowerInterface power,
        ManagementInterface management,
        BootInterface boot,
        DeployInterface deploy,
        InspectInterface inspect,
        RescueInterface rescue,
        BiosInterface bios,
        FirmwareInterface firmware) {

    public DriverBundle {
        Objects.requireNonNull(hardwareType, "hardwareType");
        Objects.requireNonNull(interfaces, "interfaces");
        Objects.requireNonNull(power, "power");
        Objects.requireNonNull(management, "management");
        Objects.requireNonNull(boot, "boot");
        Objects.requireNonNull(deploy, "deploy");
        Objects.requireNonNull(inspect, "inspect");
        Objects.requireNonNull(rescue, "rescue");
        Objects.requireNonNull(bios, "bios");
        Objects.requireNonNull(firmware, "firmware");
    }

    /**
     * The slots whose steps the conductor runs itself, in Ironic's interface order for equal priorities; the
     * flows take their steps from here and never name a slot.
     */
    public List<OutOfBandSteps> outOfBand() {
        return List.of(firmware, bios);
    }

    /**
     * The verdict on {@code node} of each slot a deploy needs (power, management, boot, deploy, inspect), as
     * {@code GET /v1/nodes/<id>/validate} shows them; the rescue slot answers for itself ({@link #rescue}), since
     * its empty default is invalid on every node that was never meant to be rescued.
     */
    public Map<InterfaceKind, Validation> validate(Node node) {
        Map<InterfaceKind, Validation> results = new EnumMap<>(InterfaceKind.class);
        results.put(InterfaceKind.POWER, power.validate(node));
        results.put(InterfaceKind.MANAGEMENT, management.validate(node));
        results.put(InterfaceKind.BOOT, boot.validate(node));
        results.put(InterfaceKind.DEPLOY, deploy.validate(node));
        results.put(InterfaceKind.INSPECT, inspect.validate(node));
        return Collections.unmodifiableMap(results);
    }
}
