package dev.ferrum.conductor.driver.hardware;

import static dev.ferrum.conductor.node.InterfaceKind.BIOS;
import static dev.ferrum.conductor.node.InterfaceKind.BOOT;
import static dev.ferrum.conductor.node.InterfaceKind.CONSOLE;
import static dev.ferrum.conductor.node.InterfaceKind.DEPLOY;
import static dev.ferrum.conductor.node.InterfaceKind.FIRMWARE;
import static dev.ferrum.conductor.node.InterfaceKind.INSPECT;
import static dev.ferrum.conductor.node.InterfaceKind.MANAGEMENT;
import static dev.ferrum.conductor.node.InterfaceKind.NETWORK;
import static dev.ferrum.conductor.node.InterfaceKind.POWER;
import static dev.ferrum.conductor.node.InterfaceKind.RAID;
import static dev.ferrum.conductor.node.InterfaceKind.RESCUE;
import static dev.ferrum.conductor.node.InterfaceKind.STORAGE;
import static dev.ferrum.conductor.node.InterfaceKind.VENDOR;

import dev.ferrum.conductor.node.InterfaceKind;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The hardware types Ferrum ships, with Ironic's names: {@code fake-hardware}, {@code ipmi},
 * {@code redfish} and {@code manual-management}. Slots Ferrum does not implement (bios, console,
 * …) only take their empty implementation, plus {@code fake} on fake-hardware; rescue and raid take
 * their empty implementation (the default) or {@code agent}, as Ironic's generic hardware types do.
 */
public final class HardwareTypes {
    /** Ironic's generic rescue slots: {@code no-rescue} by default (agent rescue needs a ramdisk set up for it). */
    private static final List<String> AGENT_RESCUE = List.of("no-rescue", "agent");
    /** Ironic's generic RAID slots: {@code no-raid} by default, {@code agent} for in-band RAID. */
    private static final List<String> AGENT_RAID = List.of("no-raid", "agent");

    private HardwareTypes() {
    }

    /** The name of the empty ("no-op") implementation of {@code kind}'s slot, under Ironic's names. */
    public static String emptyName(InterfaceKind kind) {
        return empty(kind);
    }

    /** All four built-in types. */
    public static List<HardwareType> builtIn() {
        return List.of(fakeHardware(), ipmi(), redfish(), manualManagement());
    }

    /**
     * Ironic's fake-hardware: {@code fake} first in every slot it has a fake for (so a node's default and a
     * reset interface is {@code fake}, console included), network and storage {@code noop}.
     */
    public static HardwareType fakeHardware() {
        Map<InterfaceKind, List<String>> slots = unimplemented(true);
        for (InterfaceKind kind : List.of(BIOS, CONSOLE, FIRMWARE, RAID, VENDOR)) {
            slots.put(kind, List.of("fake", empty(kind)));
        }
        slots.put(RESCUE, List.of("fake", "no-rescue", "agent"));
        slots.put(RAID, List.of("fake", "no-raid", "agent"));
        slots.put(POWER, List.of("fake", "noop"));
        slots.put(MANAGEMENT, List.of("fake", "noop"));
        slots.put(BOOT, List.of("fake", "ipxe", "pxe", "noop"));
        slots.put(DEPLOY, List.of("fake", "direct", "noop"));
        slots.put(INSPECT, List.of("fake", "no-inspect", "agent", "inspector"));
        return new HardwareType("fake-hardware", slots);
    }

    public static HardwareType ipmi() {
        Map<InterfaceKind, List<String>> slots = unimplemented(false);
        slots.put(POWER, List.of("ipmitool"));
        slots.put(MANAGEMENT, List.of("ipmitool", "noop"));
        slots.put(BOOT, List.of("ipxe", "pxe"));
        slots.put(DEPLOY, List.of("direct", "fake"));
        slots.put(INSPECT, List.of("inspector", "agent", "no-inspect"));
        slots.put(RESCUE, AGENT_RESCUE);
        slots.put(RAID, AGENT_RAID);
        return new HardwareType("ipmi", slots);
    }

    public static HardwareType redfish() {
        Map<InterfaceKind, List<String>> slots = unimplemented(false);
        slots.put(POWER, List.of("redfish"));
        slots.put(BIOS, List.of("no-bios", "redfish"));
        slots.put(FIRMWARE, List.of("no-firmware", "redfish"));
        slots.put(MANAGEMENT, List.of("redfish", "noop"));
        slots.put(BOOT, List.of("ipxe", "pxe"));
        slots.put(DEPLOY, List.of("direct", "fake"));
        slots.put(INSPECT, List.of("inspector", "agent", "no-inspect"));
        slots.put(RESCUE, AGENT_RESCUE);
        slots.put(RAID, AGENT_RAID);
        return new HardwareType("redfish", slots);
    }

    /** Machines whose power and boot order an operator handles by hand; Ferrum only serves their boot. */
    public static HardwareType manualManagement() {
        Map<InterfaceKind, List<String>> slots = unimplemented(false);
        slots.put(POWER, List.of("fake"));
        slots.put(MANAGEMENT, List.of("noop", "fake"));
        slots.put(BOOT, List.of("ipxe", "pxe", "fake"));
        slots.put(DEPLOY, List.of("direct", "fake"));
        slots.put(INSPECT, List.of("no-inspect", "agent", "inspector"));
        slots.put(RESCUE, AGENT_RESCUE);
        slots.put(RAID, AGENT_RAID);
        return new HardwareType("manual-management", slots);
    }

    private static Map<InterfaceKind, List<String>> unimplemented(boolean withFake) {
        Map<InterfaceKind, List<String>> slots = new EnumMap<>(InterfaceKind.class);
        for (InterfaceKind kind : List.of(BIOS, CONSOLE, FIRMWARE, NETWORK, RAID, RESCUE, STORAGE, VENDOR)) {
            slots.put(kind, withFake ? List.of(empty(kind), "fake") : List.of(empty(kind)));
        }
        return slots;
    }

    private static String empty(InterfaceKind kind) {
        return switch (kind) {
            case BIOS -> "no-bios";
            case CONSOLE -> "no-console";
            case FIRMWARE -> "no-firmware";
            case INSPECT -> "no-inspect";
            case RAID -> "no-raid";
            case RESCUE -> "no-rescue";
            case VENDOR -> "no-vendor";
            case BOOT, DEPLOY, MANAGEMENT, NETWORK, POWER, STORAGE -> "noop";
        };
    }
}
