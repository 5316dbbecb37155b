package dev.ferrum.hardware.generic.reconcile;

import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.disk.DiskNames;
import dev.ferrum.hardware.generic.oshi.OshiDisk;
import dev.ferrum.hardware.generic.oshi.OshiNic;
import dev.ferrum.hardware.generic.reconcile.Disagreements.Precise;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Memory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Puts OSHI's facts (the first source) together with what the sysfs/procfs/DMI parsers read, section
 * by section. Which side is kept for a fact both report is fixed per field, by which one is the more
 * precise there (each rule below says why); facts only one side reports come from that side; every
 * difference goes to {@link Disagreements}. With no OSHI facts (fixture roots, OSHI unable to list a
 * kind of device) a section is exactly what the parsers read.
 */
public final class Reconciler {
    private final Disagreements disagreements;

    public Reconciler(Disagreements disagreements) {
        this.disagreements = disagreements;
    }

    /**
     * Count, sockets and flags: OSHI (its topology reader and cpuinfo's flags). Name, frequency and
     * architecture: the parsers, because OSHI would run lshw/dmidecode for the first two and knows
     * only the JVM's architecture, not the kernel's.
     */
    public Cpu cpu(CpuFacts oshi, Cpu parsed) {
        Optional<Integer> count = disagreements.pick("cpu", "count", oshi.count(),
                Optional.of(parsed.count()).filter(n -> n > 0), Precise.OSHI);
        Optional<Integer> sockets = disagreements.pick("cpu", "socket_count", oshi.socketCount(),
                parsed.socketCount(), Precise.OSHI);
        List<String> flags = disagreements.pick("cpu", "flags", Optional.of(oshi.flags()).filter(f -> !f.isEmpty()),
                Optional.of(parsed.flags()).filter(f -> !f.isEmpty()), Precise.OSHI).orElse(List.of());
        Optional<String> architecture = disagreements.pick("cpu", "architecture", oshi.architecture(),
                parsed.architecture(), Precise.SYSFS);
        return new Cpu(parsed.modelName(), parsed.frequency(), count.orElse(0), architecture, flags, sockets);
    }

    /** Total: OSHI (MemTotal, as the parser). Installed memory: the DMI tables only the parsers read. */
    public Memory memory(Optional<Long> oshiTotal, Memory parsed) {
        Optional<Long> total = disagreements.pick("memory", "total", oshiTotal,
                Optional.of(parsed.total()).filter(t -> t > 0), Precise.OSHI);
        return new Memory(total.orElse(0L), parsed.physicalMb());
    }

    /**
     * The disks both list, plus any only one lists (logged: a disk one source misses is the kind of
     * mapping error this exists to show), by kernel name. Per disk: serial from OSHI (udev's short
     * serial, which IPA reports), model and size from sysfs (udev writes the model with underscores
     * for spaces; both read the same size attribute), everything OSHI lacks (rotational, WWN, HCTL,
     * by-path, block sizes, transport, vendor) from sysfs.
     */
    public List<Disk> disks(Optional<List<OshiDisk>> oshi, List<Disk> parsed) {
        if (oshi.isEmpty()) {
            return parsed;
        }
        Map<String, Disk> fromSysfs = byName(parsed, Disk::name);
        Map<String, OshiDisk> fromOshi = new LinkedHashMap<>();
        for (OshiDisk disk : oshi.get()) {
            // udev's node for a kernel name with '!' sits in a directory (/dev/cciss/c0d0 is cciss!c0d0).
            String kernelName = disk.name().replaceFirst("^/dev/", "").replace('/', '!');
            if (DiskNames.isCandidate(kernelName) && disk.size() > 0) {
                fromOshi.put("/dev/" + kernelName, disk);
            }
        }
        Map<String, Disk> merged = new TreeMap<>();
        fromSysfs.forEach((name, disk) -> merged.put(name, fromOshi.containsKey(name)
                ? disk(fromOshi.get(name), disk)
                : onlySysfs("disk", name, disk)));
        fromOshi.forEach((name, disk) -> {
            if (!fromSysfs.containsKey(name)) {
                disagreements.note(name, "presence", "listed by OSHI only; reported with OSHI's facts alone");
                merged.put(name, new Disk(name, disk.model(), disk.size(), false, Optional.empty(), disk.serial(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty()));
            }
        });
        return List.copyOf(merged.values());
    }

    private Disk disk(OshiDisk oshi, Disk sysfs) {
        String name = sysfs.name();
        Optional<String> model = disagreements.pick(name, "model", oshi.model(), sysfs.model(), Precise.SYSFS,
                (a, b) -> spaced(a).equals(spaced(b)));
        Optional<String> serial = disagreements.pick(name, "serial", oshi.serial(), sysfs.serial(), Precise.OSHI);
        long size = disagreements.pick(name, "size", Optional.of(oshi.size()), Optional.of(sysfs.size()),
                Precise.SYSFS).orElse(sysfs.size());
        return new Disk(name, model, size, sysfs.rotational(), sysfs.wwn(), serial, sysfs.vendor(),
                sysfs.wwnWithExtension(), sysfs.wwnVendorExtension(), sysfs.hctl(), sysfs.byPath(),
                sysfs.logicalSectors(), sysfs.physicalSectors(), sysfs.tran());
    }

    /**
     * The physical NICs sysfs lists (OSHI's other interfaces are bonds, VLANs, bridges and the like,
     * which the inventory leaves out, as IPA does). Per NIC: MAC from sysfs (a bond port's permanent
     * address; OSHI has the current one, which bonding shares between ports), addresses, speed and
     * carrier from OSHI, PCI facts and driver from sysfs.
     */
    public List<NetworkInterface> nics(Optional<List<OshiNic>> oshi, List<NetworkInterface> parsed,
            Predicate<String> bondPort) {
        if (oshi.isEmpty()) {
            return parsed;
        }
        Map<String, OshiNic> fromOshi = byName(oshi.get(), OshiNic::name);
        List<NetworkInterface> merged = new ArrayList<>();
        for (NetworkInterface sysfs : parsed) {
            OshiNic nic = fromOshi.get(sysfs.name());
            merged.add(nic == null ? onlySysfs("interface", sysfs.name(), sysfs)
                    : nic(nic, sysfs, bondPort.test(sysfs.name())));
        }
        return List.copyOf(merged);
    }

    private NetworkInterface nic(OshiNic oshi, NetworkInterface sysfs, boolean bondPort) {
        String name = sysfs.name();
        // A bond port's current MAC (OSHI's) is the bond's: different from the permanent one by design.
        String mac = bondPort ? sysfs.macAddress() : disagreements.pick(name, "mac_address",
                Optional.of(oshi.macAddress()), Optional.of(sysfs.macAddress()), Precise.SYSFS)
                .orElse(sysfs.macAddress());
        Optional<String> ipv4 = disagreements.pick(name, "ipv4_address", oshi.addresses().ipv4(), sysfs.ipv4Address(),
                Precise.OSHI);
        Optional<String> ipv6 = disagreements.pick(name, "ipv6_address", oshi.addresses().ipv6(), sysfs.ipv6Address(),
                Precise.OSHI);
        Optional<Integer> speed = disagreements.pick(name, "speed_mbps", oshi.speedMbps(), sysfs.speedMbps(),
                Precise.OSHI);
        boolean carrier = disagreements.pick(name, "has_carrier", Optional.of(oshi.hasCarrier()),
                Optional.of(sysfs.hasCarrier()), Precise.OSHI).orElse(false);
        return new NetworkInterface(name, mac, ipv4, ipv6, carrier, sysfs.lldp(), sysfs.vendor(), sysfs.product(),
                sysfs.clientId(), sysfs.biosdevname(), speed, sysfs.pciAddress(), sysfs.driver());
    }

    private <T> T onlySysfs(String kind, String name, T facts) {
        disagreements.note(name, "presence", kind + " listed by sysfs only; reported with sysfs's facts alone");
        return facts;
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        return items.stream().collect(Collectors.toMap(name, Function.identity(), (a, b) -> a, LinkedHashMap::new));
    }

    /** udev's model spelling ({@code Samsung_SSD_980}) against sysfs's ({@code Samsung SSD 980}). */
    private static String spaced(String model) {
        return model.replace('_', ' ').strip().toLowerCase(Locale.ROOT);
    }
}
