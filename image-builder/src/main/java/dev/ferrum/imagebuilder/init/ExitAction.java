package dev.ferrum.imagebuilder.init;

/** What /init does after the agent exits (unless {@code ferrum-debug} keeps the machine up). */
public enum ExitAction {
    POWEROFF,
    REBOOT;

    /** The word used in the script and on the kernel command line. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
