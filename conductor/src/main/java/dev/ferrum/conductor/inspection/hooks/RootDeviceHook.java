package dev.ferrum.conductor.inspection.hooks;

import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;
import dev.ferrum.protocol.inventory.Disk;
import java.util.Comparator;
import java.util.Optional;

/**
 * {@code root_device}: the disk the instance will live on, as the ramdisk chose it or else the
 * smallest disk of at least 4 GiB, and {@code local_gb} from it less one GiB for partitioning (as
 * inspector does). Discoverd's flat report carries local_gb itself and is left alone.
 */
public final class RootDeviceHook implements ProcessingHook {
    private static final long GIB = 1024L * 1024L * 1024L;
    private static final long MINIMUM = 4 * GIB;

    @Override
    public String name() {
        return "root_device";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        if (!(report instanceof IpaContinue ipa)) {
            return;
        }
        Optional<Disk> root = ipa.rootDisk().or(() -> ipa.inventory().disks().stream()
                .filter(disk -> disk.size() >= MINIMUM).min(Comparator.comparingLong(Disk::size)));
        root.ifPresent(disk -> {
            outcome.rootDisk(disk);
            outcome.data().putObject("root_disk").put("name", disk.name()).put("size", disk.size());
            String localGb = Long.toString(Math.max(0, disk.size() / GIB - 1));
            outcome.proposeProperty("local_gb", localGb);
            outcome.data().put("local_gb", localGb);
        });
    }
}
