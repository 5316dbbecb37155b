package dev.ferrum.hardware.spi;

/**
 * Contributes facts to the machine's inventory. Every contributor is called, highest support
 * first; a section already filled by a better-supported manager is kept, so a vendor manager
 * can replace the generic answer for, say, disks while leaving the rest to it.
 */
public interface InventoryContributor {

    void contribute(InventoryDraft draft, MachineContext machine);
}
