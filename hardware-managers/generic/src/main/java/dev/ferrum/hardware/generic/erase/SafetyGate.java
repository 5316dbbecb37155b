package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.DeviceResolution;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Decides whether a disk may be written at all. It refuses a device whose path leaves the
 * machine's {@code /dev}, that is missing, unknown to sysfs, a partition, virtual (loop, RAM, dm,
 * md, optical, Ironic's virtual media), skip-listed, read-only (disk or any partition), or in use
 * (it, a partition, or anything built on them is mounted or swap), or a member of a running
 * software RAID array (IPA skips those: the array is the node's RAID configuration). Every doubt refuses: a disk
 * whose state cannot be read is not written.
 */
public final class SafetyGate {
    private static final String VIRTUAL_MEDIA_LABEL = "disk/by-label/ir-vfd-dev";

    private final MachineContext machine;
    private final SysBlock sysfs;

    public SafetyGate(MachineContext machine) {
        this.machine = machine;
        this.sysfs = new SysBlock(machine.sys());
    }

    /** The decision for {@code disk} given the operator's and agent's {@code skipList}. */
    public GateDecision check(Disk disk, SkipList skipList) {
        try {
            return decide(disk, skipList);
        } catch (IOException | RuntimeException e) {
            return refuse(RefusalReason.UNKNOWN_DEVICE, "cannot read its state (" + e + "); not writing a disk"
                    + " whose state is unknown");
        }
    }

    private GateDecision decide(Disk disk, SkipList skipList) throws IOException {
        Path devRoot = machine.dev().toAbsolutePath().normalize();
        // The machine's one device-access rule decides where the node is and whether it may be written.
        Path real;
        switch (machine.resolveDevice(disk.name())) {
            case DeviceResolution.Resolved resolved -> real = resolved.path();
            case DeviceResolution.Refused refused -> {
                return refuse(switch (refused.problem()) {
                    case OUTSIDE_DEVICE_ROOT -> RefusalReason.OUTSIDE_DEVICE_ROOT;
                    case MISSING -> RefusalReason.MISSING;
                    case NOT_A_DEVICE -> RefusalReason.UNKNOWN_DEVICE;
                }, refused.reason());
            }
        }
        String kernelName = real.getFileName().toString();
        Optional<Path> diskDir = sysfs.disk(kernelName);
        if (diskDir.isEmpty()) {
            return refuse(RefusalReason.UNKNOWN_DEVICE, sysfs.isPartition(kernelName)
                    ? kernelName + " is a partition; only whole disks are erased"
                    : "the kernel lists no block device " + kernelName + " in sysfs");
        }
        Optional<String> virtual = sysfs.virtualEvidence(kernelName, diskDir.get());
        if (virtual.isPresent()) {
            return refuse(RefusalReason.VIRTUAL_DEVICE, virtual.get());
        }
        Path virtualMedia = devRoot.resolve(VIRTUAL_MEDIA_LABEL);
        if (Files.exists(virtualMedia) && virtualMedia.toRealPath().equals(real)) {
            return refuse(RefusalReason.VIRTUAL_DEVICE, "it is the virtual media Ironic attached (/dev/"
                    + VIRTUAL_MEDIA_LABEL + ")");
        }
        Map<Partition, Path> partitions = sysfs.partitions(diskDir.get());
        Map<String, Path> members = new LinkedHashMap<>();
        members.put(kernelName, diskDir.get());
        partitions.forEach((p, dir) -> members.put(p.kernelName(), dir));
        Map<String, String> holders = sysfs.holdersOf(members);

        Optional<SkipHint> skipped = skipList.match(disk, volumeNames(devRoot, kernelName, holders.keySet()));
        if (skipped.isPresent()) {
            return refuse(RefusalReason.SKIP_LISTED, "matches skip entry " + skipped.get());
        }
        for (Map.Entry<String, Path> member : members.entrySet()) {
            if (sysfs.readOnly(member.getValue())) {
                return refuse(RefusalReason.READ_ONLY, "the kernel marks " + member.getKey() + " read-only");
            }
        }
        Optional<String> use = inUse(devRoot, members.keySet(), holders);
        if (use.isPresent()) {
            return refuse(RefusalReason.IN_USE, use.get() + "; unmount it or add the disk to skip_block_devices");
        }
        Optional<Map.Entry<String, String>> array = holders.entrySet().stream()
                .filter(holder -> holder.getKey().matches("md\\d+")).findFirst();
        if (array.isPresent()) {
            return refuse(RefusalReason.RAID_MEMBER, array.get().getValue() + " is a member of software RAID /dev/"
                    + array.get().getKey() + "; run raid.delete_configuration first to erase it");
        }
        return new GateDecision.Cleared(new TargetDisk(disk, real, kernelName, sysfs.sizeBytes(diskDir.get()),
                List.copyOf(partitions.keySet())));
    }

    private Optional<String> inUse(Path devRoot, Set<String> members, Map<String, String> holders) {
        Map<String, String> used;
        try {
            used = usedDevices(devRoot);
        } catch (IOException e) {
            return Optional.of("cannot read the mount table (" + e + "), so its use is unknown");
        }
        for (String member : members) {
            if (used.containsKey(member)) {
                return Optional.of(member + " is " + used.get(member));
            }
        }
        for (Map.Entry<String, String> holder : holders.entrySet()) {
            if (used.containsKey(holder.getKey())) {
                return Optional.of(holder.getKey() + " (built on " + holder.getValue() + ") is "
                        + used.get(holder.getKey()));
            }
        }
        return Optional.empty();
    }

    /** Kernel names of mounted and swap devices, with how each is used. */
    private Map<String, String> usedDevices(Path devRoot) throws IOException {
        String mounts = Files.readString(machine.proc().resolve("mounts"), StandardCharsets.UTF_8);
        String swaps;
        try {
            swaps = Files.readString(machine.proc().resolve("swaps"), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            swaps = ""; // kernels built without swap have no /proc/swaps
        }
        Map<String, String> used = new HashMap<>();
        for (MountTable.Entry entry : MountTable.parse(mounts, swaps).entries()) {
            used.putIfAbsent(kernelNameOf(devRoot, entry.source()), entry.usedAs());
        }
        return used;
    }

    // Mount sources may be links (/dev/mapper/vg-root, /dev/disk/by-uuid/…); follow them inside
    // the device root, and fall back to the last path element when the node is not there.
    private static String kernelNameOf(Path devRoot, String source) {
        Path path = source.startsWith("/dev/") ? devRoot.resolve(source.substring(5)).normalize() : Path.of(source);
        if (path.startsWith(devRoot) && Files.exists(path)) {
            try {
                return path.toRealPath().getFileName().toString();
            } catch (IOException e) {
                return String.valueOf(path.getFileName());
            }
        }
        return String.valueOf(path.getFileName());
    }

    /** Names of the software RAID volumes ({@code /dev/md/<name>}) that the disk or its partitions belong to. */
    private static Set<String> volumeNames(Path devRoot, String kernelName, Set<String> holders) throws IOException {
        Path md = devRoot.resolve("md");
        Set<String> names = new LinkedHashSet<>();
        if (!Files.isDirectory(md)) {
            return names;
        }
        List<Path> links;
        try (Stream<Path> children = Files.list(md)) {
            links = children.sorted().toList();
        }
        for (Path link : links) {
            if (Files.exists(link)) {
                String target = link.toRealPath().getFileName().toString();
                if (holders.contains(target) || target.equals(kernelName)) {
                    names.add(link.getFileName().toString());
                }
            }
        }
        return names;
    }

    private static GateDecision refuse(RefusalReason reason, String detail) {
        return new GateDecision.Refused(new Refusal(reason, detail));
    }
}
