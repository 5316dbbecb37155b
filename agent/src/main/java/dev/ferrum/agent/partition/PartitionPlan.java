package dev.ferrum.agent.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The partitions a partition-image deploy creates, in ironic-lib's {@code make_partitions} order:
 * the EFI system partition (UEFI) or BIOS boot partition (BIOS on GPT), ephemeral, swap, and root
 * last, each aligned to 1 MiB. Root gets {@code root_mb}, or everything left but the config drive's
 * reserve.
 *
 * @param gpt GPT when true, else a DOS (msdos) table
 */
public record PartitionPlan(boolean gpt, List<PlannedPartition> partitions) {

    public PartitionPlan {
        partitions = List.copyOf(partitions);
    }

    public Optional<PlannedPartition> find(PartitionRole role) {
        return partitions.stream().filter(p -> p.role() == role).findFirst();
    }

    public PlannedPartition root() {
        return find(PartitionRole.ROOT).orElseThrow();
    }

    /** Lays out {@code request} on a disk of {@code geometry}; refuses what does not fit and says by how much. */
    public static PartitionPlan of(PartitionRequest request, DiskGeometry geometry) {
        boolean gpt = request.gpt();
        long mib = geometry.sectorSize().sectorsPerMiB();
        // GPT keeps its backup array and header in the last 33 sectors (512-byte) or 5 (4K); keep a whole MiB.
        long lastUsable = gpt ? geometry.lastLba() - mib : geometry.lastLba();
        List<Sized> sizes = new ArrayList<>();
        if (request.localBoot() && request.uefi()) {
            sizes.add(new Sized(PartitionRole.EFI_SYSTEM, PartitionRequest.EFI_SYSTEM_MB));
        }
        if (request.localBoot() && !request.uefi() && gpt) {
            sizes.add(new Sized(PartitionRole.BIOS_BOOT, PartitionRequest.BIOS_BOOT_MB));
        }
        if (request.ephemeralMb() > 0) {
            sizes.add(new Sized(PartitionRole.EPHEMERAL, request.ephemeralMb()));
        }
        if (request.swapMb() > 0) {
            sizes.add(new Sized(PartitionRole.SWAP, request.swapMb()));
        }
        // Root last, as ironic-lib puts it, so the config drive can follow it at the end of the disk.
        int slots = sizes.size() + 1 + (request.tailReserveMb() > 0 ? 1 : 0);
        if (!gpt && slots > 4) {
            throw new PartitionTableException("A DOS (msdos) partition table holds 4 primary partitions, but this "
                    + "deploy needs " + slots + " (" + sizes.stream().map(s -> s.role().reportName()).toList()
                    + ", root" + (request.tailReserveMb() > 0 ? ", configdrive" : "") + "); set the node's "
                    + "capabilities disk_label:gpt, or drop swap or ephemeral.");
        }
        List<PlannedPartition> planned = new ArrayList<>();
        long next = mib;
        int number = 1;
        for (Sized s : sizes) {
            long last = next + s.mb() * mib - 1;
            planned.add(new PlannedPartition(number++, s.role(), next, last));
            next = last + 1;
        }
        long available = lastUsable - request.tailReserveMb() * mib - next + 1;
        long rootSectors = request.rootMb() > 0 ? request.rootMb() * mib : available;
        if (rootSectors <= 0 || rootSectors > available) {
            long wantedMb = (next + (request.rootMb() > 0 ? request.rootMb() * mib : mib)) / mib
                    + request.tailReserveMb() + (gpt ? 1 : 0);
            throw new PartitionTableException("The root disk holds " + geometry.sizeBytes() / (1024 * 1024)
                    + " MiB but the partitions need about " + wantedMb + " MiB (root " + request.rootMb() + ", swap "
                    + request.swapMb() + ", ephemeral " + request.ephemeralMb() + " MiB); lower instance_info root_gb,"
                    + " swap_mb or ephemeral_gb, or choose a larger root device.");
        }
        planned.add(new PlannedPartition(number, PartitionRole.ROOT, next, next + rootSectors - 1));
        return new PartitionPlan(gpt, planned);
    }

    private record Sized(PartitionRole role, long mb) {
    }
}
