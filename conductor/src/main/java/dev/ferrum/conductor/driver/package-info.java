/**
 * Node drivers, Ironic-style: a node's {@code driver} names a hardware type, and its
 * {@code *_interface} fields pick one implementation per slot (power, management, boot, deploy,
 * inspect; the other slots are names only). {@code Main} builds the implementations from typed
 * configs into an {@link dev.ferrum.conductor.driver.InterfaceCatalog}, then a
 * {@link dev.ferrum.conductor.driver.DriverRegistry}; a flow calls
 * {@code registry.bundleFor(node)} and uses the bundle's slots, e.g.
 * {@code bundle.boot().prepareRamdisk(target, RamdiskPurpose.DEPLOY); bundle.power().reboot(node)}.
 * A slot owns its behaviour: the deploy and inspect slots are handed a {@link dev.ferrum.conductor.driver.NodeTask}
 * (the flow's moves on the locked node: fire, update, fail, boot the ramdisk) and act through it, so the
 * flows never ask which implementation sits in a slot and a new method is a new class in its slot.
 * Sub-packages hold one concept each: the slot interfaces with their fakes and no-ops
 * ({@code power}, {@code management}, {@code boot}, {@code deploy}, {@code inspect}), the real
 * implementations ({@code ipmi}, {@code redfish}), the hardware types and command running.
 */
package dev.ferrum.conductor.driver;
