package dev.ferrum.hardware.spi;

import dev.ferrum.protocol.inventory.Disk;
import java.util.List;

/** Chooses the disk an image is written to, honouring the operator's root-device hints. */
public interface RootDeviceSelector {

    /** Declines with a reason naming the hints when no disk fits. */
    Answer<Disk> selectRootDevice(List<Disk> disks, RootDeviceHints hints);

    /**
     * As above, on {@code machine}: a selector may add devices the inventory leaves out, such as the
     * software RAID arrays a RAID step built, which root-device hints then name. By default, the
     * inventory's disks alone.
     */
    default Answer<Disk> selectRootDevice(List<Disk> disks, RootDeviceHints hints, MachineContext machine) {
        return selectRootDevice(disks, hints);
    }
}
