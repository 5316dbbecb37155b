package dev.ferrum.hardware.generic.oshi;

import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.hardware.NetworkIF;
import oshi.software.os.linux.LinuxOperatingSystem;

/**
 * OSHI on this machine, the generic manager's first source of CPU, memory, disk and NIC facts. It is
 * started once: by {@link #start} (the agent calls it in the background at start, off the lookup's
 * path) or else by the first question; never for the lookup's NIC listing or for steps. A question
 * asked while another thread is starting it waits for that start.
 *
 * <p>Only OSHI calls that read files or libudev are made: OSHI's processor identifier, maximum
 * frequency and physical-memory list run {@code lshw}, {@code dmidecode}, {@code cpuid} or
 * {@code lscpu} behind Ferrum's command runner, so the CPU's name and frequency come from
 * cpuinfo/cpufreq and the DIMMs from sysfs's DMI tables instead (the contract test runs OSHI with
 * trip-wire copies of those programs first on the PATH to prove none is started).
 * OSHI's sentinels ("unknown", 0, -1) become absent facts.
 */
public final class OshiProbe implements OshiSource, CpuProbe, MemoryProbe {
    /** Dotted IPv4 or anything with a colon (IPv6): never a host name, so nothing is looked up. */
    private static final Pattern ADDRESS_LITERAL = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private final boolean listsInterfaces;
    private HardwareAbstractionLayer hardware;

    /** The live machine. */
    public OshiProbe() {
        this(true);
    }

    private OshiProbe(boolean listsInterfaces) {
        this.listsInterfaces = listsInterfaces;
    }

    /**
     * OSHI pointed at a relocated root (its {@code oshi.util.proc.path}/{@code sys.path}/{@code dev.path}
     * properties, set before OSHI first loads). Interfaces are not listed: OSHI asks the JDK for
     * them, which knows only the host's.
     */
    public static OshiProbe forRelocatedRoot() {
        return new OshiProbe(false);
    }

    private synchronized HardwareAbstractionLayer hardware() {
        if (hardware == null) {
            hardware = new SystemInfo().getHardware();
        }
        return hardware;
    }

    /**
     * OSHI's processor and memory objects are built once and kept; libudev, which disks need, loads
     * with {@link LinuxOperatingSystem}. Disks and NICs are listed afresh on each question anyway.
     */
    @Override
    public void start() {
        HardwareAbstractionLayer started = hardware();
        started.getProcessor();
        started.getMemory();
        hasUdev();
    }

    /** Asking loads {@link LinuxOperatingSystem} and with it libudev, which listing disks needs. */
    private static boolean hasUdev() {
        return LinuxOperatingSystem.HAS_UDEV;
    }

    @Override
    public CpuFacts cpu() {
        CentralProcessor processor = hardware().getProcessor();
        return new CpuFacts(Optional.empty(), Optional.empty(), positive(processor.getLogicalProcessorCount()),
                architecture(System.getProperty("os.arch", "")), flags(processor.getFeatureFlags()),
                positive(processor.getPhysicalPackageCount()));
    }

    @Override
    public CpuFacts complete(CpuFacts known) {
        return known.orElse(cpu());
    }

    @Override
    public Optional<Long> memoryTotal() {
        long total = hardware().getMemory().getTotal();
        return total > 0 ? Optional.of(total) : Optional.empty();
    }

    @Override
    public Optional<Long> totalBytes() {
        return memoryTotal();
    }

    /** Without libudev (or with {@code oshi.os.linux.allowudev=false}) OSHI cannot list disks at all. */
    @Override
    public Optional<List<OshiDisk>> disks() {
        if (!hasUdev()) {
            return Optional.empty();
        }
        List<OshiDisk> disks = new ArrayList<>();
        for (HWDiskStore store : hardware().getDiskStores()) {
            text(store.getName()).ifPresent(name -> disks.add(
                    new OshiDisk(name, text(store.getModel()), text(store.getSerial()), Math.max(0, store.getSize()))));
        }
        return Optional.of(List.copyOf(disks));
    }

    @Override
    public Optional<List<OshiNic>> nics() {
        if (!listsInterfaces) {
            return Optional.empty();
        }
        List<OshiNic> nics = new ArrayList<>();
        for (NetworkIF nic : hardware().getNetworkIFs(false)) {
            Optional<String> mac = text(nic.getMacaddr()).map(m -> m.toLowerCase(Locale.ROOT));
            if (mac.isPresent()) {
                nics.add(new OshiNic(nic.getName(), mac.get(),
                        addresses(nic.getIPv4addr(), nic.getIPv6addr()),
                        bitsToMbps(nic.getSpeed()), nic.isConnectorPresent()));
            }
        }
        return Optional.of(List.copyOf(nics));
    }

    /** OSHI's name, unless it is one of its placeholders. */
    static Optional<String> text(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String text = value.strip();
        return text.isEmpty() || text.equalsIgnoreCase("unknown") ? Optional.empty() : Optional.of(text);
    }

    static Optional<Integer> bitsToMbps(long bitsPerSecond) {
        long mbps = bitsPerSecond / 1_000_000;
        return mbps > 0 && mbps < Integer.MAX_VALUE ? Optional.of((int) mbps) : Optional.empty();
    }

    static Optional<Integer> positive(int count) {
        return count > 0 ? Optional.of(count) : Optional.empty();
    }

    /**
     * OSHI gives cpuinfo's distinct {@code flags} lines whole ({@code "flags : fpu vme ..."}); the
     * inventory lists the first processor's flags, as the parser and IPA do.
     */
    static List<String> flags(List<String> lines) {
        return lines.stream().findFirst()
                .map(line -> line.substring(line.indexOf(':') + 1).strip())
                .filter(s -> !s.isEmpty())
                .map(s -> List.of(s.split("\\s+")))
                .orElse(List.of());
    }

    /** OSHI's address texts, chosen as the JDK source chooses (literals only: no name is resolved). */
    static InterfaceAddresses addresses(String[] ipv4, String[] ipv6) {
        List<InetAddress> assigned = new ArrayList<>();
        for (String literal : concat(ipv4, ipv6)) {
            try {
                assigned.add(InetAddress.getByName(literal));
            } catch (UnknownHostException e) {
                // Not an address literal: OSHI reported something odd; leave it out rather than guess.
            }
        }
        return InterfaceAddresses.choose(assigned);
    }

    private static List<String> concat(String[] first, String[] second) {
        List<String> all = new ArrayList<>(Arrays.asList(first));
        all.addAll(Arrays.asList(second));
        return all.stream().filter(s -> s != null && ADDRESS_LITERAL.matcher(s).matches()).toList();
    }

    /** The JVM's name for the architecture in uname's spelling, which IPA reports. */
    static Optional<String> architecture(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "" -> Optional.empty();
            case "amd64", "x86_64" -> Optional.of("x86_64");
            case "x86", "i386", "i486", "i586", "i686" -> Optional.of("i686");
            case "aarch64", "arm64" -> Optional.of("aarch64");
            default -> Optional.of(osArch);
        };
    }
}
