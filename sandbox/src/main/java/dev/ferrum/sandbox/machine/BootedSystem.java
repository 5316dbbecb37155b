package dev.ferrum.sandbox.machine;

/**
 * What a powered-on simulated machine is running, and how to stop it when the power goes.
 *
 * @param detail one line for people, e.g. which ramdisk purpose or why nothing booted
 */
public record BootedSystem(Activity activity, String detail, AutoCloseable process) {

    /** What a machine is doing, as its console would show. */
    public enum Activity { OFF, AGENT_RAMDISK, OPERATING_SYSTEM, NO_BOOTABLE_DEVICE }

    /** The deployed system, booted from the local disk: nothing to run in the simulation. */
    public static BootedSystem localDisk(String detail) {
        return new BootedSystem(Activity.OPERATING_SYSTEM, detail, () -> { });
    }

    /** Firmware that found nothing to boot; it waits until the power changes. */
    public static BootedSystem nothing(String why) {
        return new BootedSystem(Activity.NO_BOOTABLE_DEVICE, why, () -> { });
    }
}
