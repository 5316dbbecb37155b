package dev.ferrum.hardware.spi;

/**
 * Contributes facts to the machine's inventory. Every contributor is called, highest support
 * first; a section already filled by a better-supported manager is kept, so a vendor manager
 * can replace the generic answer for, say, disks while leaving the rest to it.
 */
public interface InventoryContributor {

    void contribute(InventoryDraft draft, MachineContext machine);

    /**
     * The interfaces section alone, for the agent's lookup, which needs only the NICs' MACs and must
     * not wait for the slower sources of a full inventory. Only what is offered through
     * {@link InventoryDraft#offerInterfaces} is used. The default reads the full contribution, which
     * is correct but no faster; a manager with a cheap way to list its NICs answers here with it,
     * giving the same MACs {@link #contribute} would.
     */
    default void contributeInterfaces(InventoryDraft draft, MachineContext machine) {
        contribute(draft, machine);
    }

    /**
     * Starts, on the caller's thread, whatever makes the next {@link #contribute} quick (loading a
     * library, probing once). The agent calls it once at start, on a background thread, so the full
     * inventory finds those sources ready; {@link #contribute} must give the same answer whether or
     * not this ran or finished. The default has nothing to prepare.
     */
    default void prepareInventory(MachineContext machine) {
    }
}
