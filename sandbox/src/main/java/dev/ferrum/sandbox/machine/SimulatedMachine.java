package dev.ferrum.sandbox.machine;

import java.util.List;
import java.util.Objects;

/**
 * One simulated server as its BMC sees it: power, a Redfish-style boot source override and what
 * runs while it is on. Powering on boots the override's target once ({@code Once}) or every time
 * ({@code Continuous}); without an override it boots the network first, as lab servers are set up
 * to, and the boot server decides (the agent ramdisk, or "boot from disk"). Powering off or
 * restarting stops what ran. Thread-safe: the BMC and in-band agent requests may race.
 */
public final class SimulatedMachine implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(SimulatedMachine.class.getName());

    /** Boot targets a simulated machine knows, with Redfish's names. */
    public static final List<String> BOOT_TARGETS = List.of("None", "Pxe", "Hdd", "Cd", "BiosSetup");
    /** Redfish's override modes. */
    public static final List<String> BOOT_MODES = List.of("Disabled", "Once", "Continuous");

    /** A boot source override: target and mode, both with their Redfish names. */
    public record BootOverride(String target, String enabled) {
        public static final BootOverride NONE = new BootOverride("None", "Disabled");

        public BootOverride {
            if (!BOOT_TARGETS.contains(target)) {
                throw new IllegalArgumentException("BootSourceOverrideTarget must be one of " + BOOT_TARGETS
                        + ", not '" + target + "'");
            }
            if (!BOOT_MODES.contains(enabled)) {
                throw new IllegalArgumentException("BootSourceOverrideEnabled must be one of " + BOOT_MODES
                        + ", not '" + enabled + "'");
            }
        }
    }

    private final MachineIdentity identity;
    private final MachineRoot root;
    private final NetworkBootFirmware firmware;
    private boolean on;
    private BootOverride override = BootOverride.NONE;
    private BootedSystem running = new BootedSystem(BootedSystem.Activity.OFF, "powered off", () -> { });
    private int boots;

    public SimulatedMachine(MachineIdentity identity, MachineRoot root, NetworkBootFirmware firmware) {
        this.identity = Objects.requireNonNull(identity);
        this.root = Objects.requireNonNull(root);
        this.firmware = Objects.requireNonNull(firmware);
    }

    public MachineIdentity identity() {
        return identity;
    }

    public MachineRoot root() {
        return root;
    }

    public synchronized boolean isOn() {
        return on;
    }

    public synchronized BootOverride bootOverride() {
        return override;
    }

    public synchronized void overrideBoot(BootOverride wanted) {
        override = Objects.requireNonNull(wanted);
    }

    /** What runs now. */
    public synchronized BootedSystem running() {
        return running;
    }

    /** How many times the machine has booted since it was built. */
    public synchronized int boots() {
        return boots;
    }

    /** Powers on and boots; nothing happens when it is already on. */
    public synchronized void powerOn() {
        if (!on) {
            on = true;
            boot();
        }
    }

    /** Cuts the power: whatever ran stops. */
    public synchronized void powerOff() {
        stopRunning();
        on = false;
        running = new BootedSystem(BootedSystem.Activity.OFF, "powered off", () -> { });
    }

    /** Restarts: what ran stops, the machine boots again (powering on if it was off). */
    public synchronized void restart() {
        stopRunning();
        on = true;
        boot();
    }

    private void boot() {
        boots++;
        String target = override.enabled().equals("Disabled") ? "Pxe" : override.target();
        if (override.enabled().equals("Once")) {
            // Redfish: a Once override applies to the next boot only.
            override = BootOverride.NONE;
        }
        running = switch (target) {
            case "Pxe", "None" -> firmware.networkBoot(this);
            case "Hdd" -> BootedSystem.localDisk("booted the deployed system from its disk");
            default -> BootedSystem.nothing("boot target " + target + " has nothing to boot in the sandbox");
        };
        LOG.log(System.Logger.Level.INFO, "machine " + identity.name() + " booted (" + target + "): "
                + running.detail());
    }

    private void stopRunning() {
        try {
            running.process().close();
        } catch (Exception e) {
            // The power is gone either way; say what did not stop cleanly.
            LOG.log(System.Logger.Level.WARNING, "machine " + identity.name() + ": stopping "
                    + running.activity() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        powerOff();
    }
}
