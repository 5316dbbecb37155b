package dev.ferrum.pxe.script;

/**
 * What iPXE does once every attempt to load the ramdisk has failed, after printing why.
 * {@link #REBOOT} is the default: an unattended machine that reboots tries PXE again (and the
 * conductor's wait-state deadline reports the failure), where a shell would hold it forever.
 */
public enum FailureAction {
    /** Restart the machine; it PXE-boots again. */
    REBOOT("reboot"),
    /** Drop to the iPXE shell for someone at the console (labs, debugging). */
    SHELL("shell"),
    /** Leave iPXE so the firmware tries its next boot device. */
    EXIT("exit");

    private final String command;

    FailureAction(String command) {
        this.command = command;
    }

    /** The iPXE command that performs the action. */
    public String ipxeCommand() {
        return command;
    }
}
