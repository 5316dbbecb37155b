package dev.ferrum.hardware.generic.raid;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.DeviceResolution;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.LogicalDisk;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.RaidConfiguration;
import dev.ferrum.protocol.inventory.Disk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Software RAID with mdadm, laid out as IPA lays it out: one partition table per holder disk (GPT
 * or MBR), one partition per logical disk on each of its holders, in the order the configuration
 * lists them, and logical disk {@code i} assembled as {@code /dev/md<i>} from its partitions.
 * Deleting stops every running md device, zeroes its members' superblocks and wipes the holders'
 * partition tables. Every command goes through the machine's runner and every disk through its
 * device-access rule, so a disk the agent must not write is refused before anything runs.
 */
public final class SoftwareRaid {
    /** The controller name Ironic's schema uses for software RAID. */
    public static final String SOFTWARE = "software";
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    /** mdadm's level names for the RAID levels software RAID builds here, with each one's minimum member count. */
    private static final Map<String, Level> LEVELS = Map.of(
            "0", new Level("0", 2), "1", new Level("1", 2), "1+0", new Level("10", 4));

    private final MachineContext machine;

    public SoftwareRaid(MachineContext machine) {
        this.machine = machine;
    }

    private record Level(String mdadm, int minimumDisks) {
    }

    /**
     * Builds {@code target} on {@code disks} and reports it as built: every logical disk with its
     * volume name, the root volume with the hint {@code {"name": "/dev/mdN"}} that picks it.
     *
     * @param gpt a GPT partition table on the holders, else MBR
     * @param uefi reserve room for an EFI system partition before the RAID partitions
     */
    public RaidConfiguration create(RaidConfiguration target, List<Disk> disks, boolean gpt, boolean uefi) {
        validate(target);
        List<List<Disk>> holders = new ArrayList<>();
        for (LogicalDisk logical : target.logicalDisks()) {
            holders.add(holdersOf(logical, disks));
        }
        Set<Disk> all = new LinkedHashSet<>();
        holders.forEach(all::addAll);
        Map<Disk, String> paths = new LinkedHashMap<>();
        for (Disk disk : all) {
            paths.put(disk, writable(disk.name()));
        }
        // IPA leaves the first MiBs for the bootloader: an ESP on UEFI, a BIOS boot partition on GPT.
        long startMiB = uefi ? 551 : gpt ? 8 : 1;
        Map<Disk, Long> next = new LinkedHashMap<>();
        Map<Disk, Integer> partitions = new LinkedHashMap<>();
        for (Disk disk : all) {
            run("create the partition table on " + disk.name(),
                    List.of("parted", "-s", paths.get(disk), "--", "mklabel", gpt ? "gpt" : "msdos"));
            next.put(disk, startMiB);
            partitions.put(disk, 0);
        }
        List<LogicalDisk> built = new ArrayList<>();
        for (int i = 0; i < target.logicalDisks().size(); i++) {
            LogicalDisk logical = target.logicalDisks().get(i);
            List<Disk> members = holders.get(i);
            Optional<Long> perHolderMiB = logical.sizeGiB().map(gib -> perHolderMiB(logical, gib, members.size()));
            List<String> components = new ArrayList<>();
            for (Disk disk : members) {
                long start = next.get(disk);
                String end = perHolderMiB.map(size -> (start + size) + "MiB").orElse("-1");
                run("partition " + disk.name() + " for the RAID-" + logical.raidLevel() + " logical disk " + i,
                        List.of("parted", "-s", "-a", "optimal", paths.get(disk), "--", "mkpart", "primary",
                                start + "MiB", end));
                next.put(disk, start + perHolderMiB.orElse(0L));
                int number = partitions.merge(disk, 1, Integer::sum);
                components.add(partition(paths.get(disk), number));
            }
            String md = "md" + i;
            String name = logical.volumeName().orElse(md);
            List<String> create = new ArrayList<>(List.of("mdadm", "--create", machine.dev().resolve(md).toString(),
                    "--force", "--run", "--metadata=1", "--level=" + LEVELS.get(logical.raidLevel()).mdadm(),
                    "--name=" + name, "--raid-devices=" + components.size()));
            create.addAll(components);
            run("create /dev/" + md + " (RAID-" + logical.raidLevel() + ")", create);
            built.add(logical.built(name, logical.root() ? Optional.of(Map.of("name", "/dev/" + md)) : Optional.empty()));
        }
        return new RaidConfiguration(built);
    }

    /**
     * Removes every software RAID device: stops it, zeroes the superblock on each member and wipes the
     * partition tables of the members' disks. Returns the md devices removed.
     */
    public List<String> delete() {
        List<String> removed = new ArrayList<>();
        Set<String> holders = new LinkedHashSet<>();
        for (MdStat.MdDevice device : MdStat.read(machine)) {
            run("stop /dev/" + device.name(), List.of("mdadm", "--stop", machine.dev().resolve(device.name()).toString()));
            for (String component : device.components()) {
                run("zero the RAID superblock on /dev/" + component,
                        List.of("mdadm", "--zero-superblock", writable("/dev/" + component)));
                holders.add(holderOf(component));
            }
            removed.add("/dev/" + device.name());
        }
        for (String holder : holders) {
            run("wipe the partition table on /dev/" + holder, List.of("wipefs", "--all", "--force",
                    writable("/dev/" + holder)));
        }
        return List.copyOf(removed);
    }

    /**
     * The running arrays as disks (name {@code /dev/mdN}, size from sysfs), for root-device hints to pick; the
     * inventory lists only their members.
     */
    public static List<Disk> arrays(MachineContext machine) {
        List<Disk> arrays = new ArrayList<>();
        for (MdStat.MdDevice device : MdStat.read(machine)) {
            long sectors = MachineFiles.number(machine.sys().resolve("block").resolve(device.name()).resolve("size"))
                    .orElse(0L);
            if (sectors > 0) {
                arrays.add(new Disk("/dev/" + device.name(), Optional.empty(), sectors * 512, false, Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()));
            }
        }
        return List.copyOf(arrays);
    }

    /** Refuses what software RAID here cannot build, naming the logical disk and what to change. */
    static void validate(RaidConfiguration target) {
        List<LogicalDisk> disks = target.logicalDisks();
        for (int i = 0; i < disks.size(); i++) {
            LogicalDisk disk = disks.get(i);
            String controller = disk.controller().orElse("");
            if (!controller.equals(SOFTWARE)) {
                throw new HardwareManagerException("logical disk " + i + " has controller '" + controller
                        + "': the generic hardware manager builds software RAID only; set \"controller\": \"software\""
                        + " on every logical disk, or use a hardware manager for the RAID controller");
            }
            if (!LEVELS.containsKey(disk.raidLevel())) {
                throw new HardwareManagerException("logical disk " + i + " asks for RAID level " + disk.raidLevel()
                        + ", which software RAID does not build here; use 0, 1 or 1+0");
            }
            if (disk.sizeGiB().isEmpty() && i != disks.size() - 1) {
                throw new HardwareManagerException("logical disk " + i + " has size_gb MAX but is not the last one;"
                        + " only the last logical disk of a software RAID configuration may take the rest of the disks");
            }
        }
    }

    private List<Disk> holdersOf(LogicalDisk logical, List<Disk> disks) {
        List<Disk> chosen;
        if (logical.physicalDisks().isPresent()) {
            chosen = new ArrayList<>();
            for (String wanted : logical.physicalDisks().get()) {
                chosen.add(disks.stream().filter(d -> d.name().equals(wanted)).findFirst().orElseThrow(() ->
                        new HardwareManagerException("physical disk " + wanted + " of the RAID-" + logical.raidLevel()
                                + " logical disk is not on this machine; disks found: "
                                + disks.stream().map(Disk::name).toList())));
            }
        } else {
            chosen = List.copyOf(disks);
        }
        int minimum = LEVELS.get(logical.raidLevel()).minimumDisks();
        if (chosen.size() < minimum) {
            throw new HardwareManagerException("RAID-" + logical.raidLevel() + " needs at least " + minimum
                    + " disks but " + chosen.size() + " are available (" + chosen.stream().map(Disk::name).toList()
                    + "); add disks or choose another level");
        }
        return chosen;
    }

    /** What each holder gives a logical disk of {@code gib} GiB at its level: all of it, a share, or half a share. */
    static long perHolderMiB(LogicalDisk logical, long gib, int holders) {
        long mib = gib * 1024;
        return switch (logical.raidLevel()) {
            case "1" -> mib;
            case "0" -> ceil(mib, holders);
            default -> ceil(mib * 2, holders);
        };
    }

    private static long ceil(long value, long by) {
        return (value + by - 1) / by;
    }

    /** The kernel's name for partition {@code number} of {@code disk}: sda1, but nvme0n1p1. */
    static String partition(String disk, int number) {
        return (Character.isDigit(disk.charAt(disk.length() - 1)) ? disk + "p" : disk) + number;
    }

    /** The kernel name of the disk that holds a partition (sda1 → sda, nvme0n1p2 → nvme0n1). */
    static String holderOf(String partition) {
        String withoutNumber = partition.replaceFirst("\\d+$", "");
        return withoutNumber.matches(".*\\dp$") ? withoutNumber.substring(0, withoutNumber.length() - 1)
                : withoutNumber;
    }

    private String writable(String device) {
        return switch (machine.resolveDevice(device)) {
            case DeviceResolution.Resolved resolved -> resolved.path().toString();
            case DeviceResolution.Refused refused -> throw new HardwareManagerException("software RAID refuses "
                    + device + ": " + refused.reason());
        };
    }

    private void run(String what, List<String> argv) {
        CommandResult result = machine.commands().run(argv, TIMEOUT);
        if (!result.succeeded()) {
            throw new HardwareManagerException("could not " + what + ": " + String.join(" ", argv.subList(0, 2))
                    + " exited with " + result.exitCode() + " (" + result.stderr().strip()
                    + "); check the disk, run raid.delete_configuration and clean again");
        }
    }
}
