package dev.ferrum.hardware.spi;

import dev.ferrum.protocol.inventory.Disk;
import java.util.List;

/** Chooses the disk an image is written to, honouring the operator's root-device hints. */
public interface RootDeviceSelector {

    /** Declines with a reason naming the hints when no disk fits. */
    Answer<Disk> selectRootDevice(List<Disk> disks, RootDeviceHints hints);
}
