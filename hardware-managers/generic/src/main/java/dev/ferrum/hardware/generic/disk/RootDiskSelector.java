package dev.ferrum.hardware.generic.disk;

import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Chooses the root disk as IPA does: the first disk matching every root-device hint, or without
 * hints the smallest disk of at least 4 GiB (the smallest, so that a large data disk is not
 * overwritten by accident). A refusal lists every disk considered and why it failed.
 */
public final class RootDiskSelector {
    /** IPA's minimum for a guessed root disk. */
    public static final long MIN_SIZE_BYTES = 4L << 30;

    private RootDiskSelector() {
    }

    public static Answer<Disk> select(List<Disk> disks, RootDeviceHints hints) {
        if (disks.isEmpty()) {
            return Answer.declined("no disks were found on this machine");
        }
        List<String> reasons = new ArrayList<>();
        if (!hints.isEmpty()) {
            for (Disk disk : disks) {
                Optional<String> mismatch = hints.mismatch(disk);
                if (mismatch.isEmpty()) {
                    return Answer.of(disk);
                }
                reasons.add(disk.name() + ": " + mismatch.get());
            }
            return Answer.declined("no disk matches root device hints " + hints + " (" + String.join("; ", reasons)
                    + "); check properties.root_device");
        }
        Optional<Disk> smallest = disks.stream().filter(d -> d.size() >= MIN_SIZE_BYTES)
                .min(Comparator.comparingLong(Disk::size));
        if (smallest.isPresent()) {
            return Answer.of(smallest.get());
        }
        for (Disk disk : disks) {
            reasons.add(String.format(Locale.ROOT, "%s: %.2f GiB is below the 4 GiB minimum", disk.name(),
                    disk.size() / (double) (1L << 30)));
        }
        return Answer.declined("no disk is large enough for a root disk (" + String.join("; ", reasons) + ")");
    }
}
