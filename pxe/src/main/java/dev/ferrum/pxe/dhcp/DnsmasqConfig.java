package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.HttpUrl;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Everything Ferrum's dnsmasq instance is configured with: DHCP only (no DNS), bound to the one
 * provisioning interface, handing iPXE clients the HTTP boot script and plain PXE ROMs an iPXE
 * chainloader over TFTP, with per-MAC admission from a hosts directory managed by
 * {@link DhcpHostsDirectory}. {@link DnsmasqConfigWriter} renders it.
 *
 * @param interfaceName the provisioning NIC (dnsmasq binds only to it)
 * @param ranges IPv4 address ranges to lease from; at least one
 * @param routerAdvertisement optional RA so iPXE does not wait for IPv6
 * @param tftpRoot TFTP root holding the chainloaders; needed when there are chainloaders
 * @param ipxeScript URL iPXE clients are given, normally {@code …/boot/default.ipxe}
 * @param chainloaders per-architecture iPXE binaries for plain PXE ROMs; none when every client
 *     already runs iPXE (e.g. QEMU's iPXE ROM)
 * @param hostsDirectory the {@code dhcp-hostsdir}; see {@link DhcpHostsDirectory}
 * @param leaseFile where dnsmasq keeps its leases (its default is often not writable)
 * @param pidFile where dnsmasq writes its PID, for a {@link ProcessSignaller}
 * @param logDhcp whether dnsmasq logs every DHCP exchange (useful when machines do not boot)
 */
public record DnsmasqConfig(
        String interfaceName,
        List<DhcpRange> ranges,
        Optional<RouterAdvertisement> routerAdvertisement,
        Optional<Path> tftpRoot,
        HttpUrl ipxeScript,
        List<Chainloader> chainloaders,
        Path hostsDirectory,
        Optional<Path> leaseFile,
        Optional<Path> pidFile,
        boolean logDhcp) {
    /** Linux interface names: at most 15 bytes, no slash or whitespace. */
    private static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9_.:-]{1,15}");
    /** Paths dnsmasq reads verbatim to the end of the line: no spaces, commas, quotes or '#'. */
    private static final Pattern PATH = Pattern.compile("/[A-Za-z0-9_./+@=-]*");
    /** The BOOTP file field that carries the script URL is 128 bytes, NUL included. */
    private static final int MAX_BOOT_FILE = 127;

    public DnsmasqConfig {
        ranges = List.copyOf(ranges);
        chainloaders = List.copyOf(chainloaders);
        if (!INTERFACE.matcher(interfaceName).matches()) {
            throw new PxeException("interface name '" + interfaceName + "' is not a Linux interface name (1-15 of letters, digits, _ . : -)");
        }
        if (ranges.isEmpty()) {
            throw new PxeException("dnsmasq needs at least one DHCP range to hand out addresses");
        }
        checkPath("TFTP root", tftpRoot);
        checkPath("hosts directory", Optional.of(hostsDirectory));
        checkPath("lease file", leaseFile);
        checkPath("PID file", pidFile);
        if (ipxeScript.value().contains(",")) {
            throw new PxeException("iPXE script URL " + ipxeScript + " contains ',' which dnsmasq's dhcp-boot would split on");
        }
        if (ipxeScript.value().length() > MAX_BOOT_FILE) {
            throw new PxeException("iPXE script URL " + ipxeScript + " is longer than the " + MAX_BOOT_FILE
                    + " bytes the DHCP boot file field holds; serve it under a shorter path");
        }
        Set<ClientArch> seen = EnumSet.noneOf(ClientArch.class);
        for (Chainloader chainloader : chainloaders) {
            if (!seen.add(chainloader.arch())) {
                throw new PxeException("two chainloaders for " + chainloader.arch() + "; give one per architecture");
            }
        }
        if (!chainloaders.isEmpty() && tftpRoot.isEmpty()) {
            throw new PxeException("chainloaders are served over TFTP; give a TFTP root that holds " + chainloaders.getFirst().file());
        }
    }

    private static void checkPath(String what, Optional<Path> path) {
        path.map(Path::toString).filter(p -> !PATH.matcher(p).matches()).ifPresent(p -> {
            throw new PxeException(what + " '" + p + "' must be an absolute path of letters, digits and _ . / + @ = - "
                    + "(dnsmasq reads it verbatim: no spaces, commas, quotes or '#')");
        });
    }
}
