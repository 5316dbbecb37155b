package dev.ferrum.pxe.dhcp;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Renders a {@link DnsmasqConfig} as a dnsmasq configuration file ({@code dnsmasq -C <file>})
 * and writes it atomically. dnsmasq reads this file only at start, not on SIGHUP: when
 * {@link #write} reports a change, the conductor must restart dnsmasq. Per-MAC admission changes
 * never need that; they go through {@link DhcpHostsDirectory}.
 */
public final class DnsmasqConfigWriter {
    /*
     * StringBuilder rather than a template engine: the file is a flat list of option lines whose
     * values the records have already checked, and the module may depend only on the JDK and Helidon.
     */

    /** The file's text; a pure function of the record, lines ending in {@code \n}. */
    public String render(DnsmasqConfig config) {
        StringBuilder out = new StringBuilder();
        line(out, "# Ferrum's dnsmasq configuration. Generated; do not edit. dnsmasq reads it only at start: restart it after a change.");
        line(out, "# DHCP (and TFTP) only: port 0 turns the DNS server off.");
        line(out, "port=0");
        line(out, "interface=" + config.interfaceName());
        line(out, "bind-interfaces");
        line(out, "# Offer at once instead of pinging each address for three seconds first.");
        line(out, "no-ping");
        for (DhcpRange range : config.ranges()) {
            line(out, "dhcp-range=" + range.render());
        }
        config.routerAdvertisement().ifPresent(ra -> {
            line(out, "# Answer iPXE's router solicitation at once; without an RA it waits about 15 s.");
            line(out, "enable-ra");
            line(out, "dhcp-range=" + ra.prefix() + ",ra-stateless");
        });
        line(out, "# Admission per MAC, one file each, kept by Ferrum and re-read by dnsmasq on change (inotify).");
        line(out, "# A machine that matches no record is not 'known' and gets no answer (fail closed);");
        line(out, "# during discovery a wildcard record makes every MAC without a record of its own known.");
        line(out, "dhcp-hostsdir=" + config.hostsDirectory());
        line(out, "dhcp-ignore=tag:!known");
        config.tftpRoot().ifPresent(root -> {
            line(out, "enable-tftp");
            line(out, "tftp-root=" + root);
        });
        line(out, "# iPXE says so in its user class and gets the HTTP boot script; plain PXE ROMs get iPXE first.");
        line(out, "dhcp-userclass=set:ipxe,iPXE");
        for (ClientArch arch : ClientArch.values()) {
            for (int value : arch.optionValues()) {
                line(out, "dhcp-match=set:" + arch.tag() + ",option:client-arch," + value);
            }
        }
        line(out, "dhcp-boot=tag:ipxe," + config.ipxeScript());
        line(out, "# No ProxyDHCP here: iPXE's no-pxedhcp setting (option 175.176) stops it waiting 2 s for one after the offer.");
        line(out, "dhcp-option=tag:ipxe,encap:175,176,1");
        // Mutually exclusive tag sets, because dnsmasq's choice among several matching dhcp-boot
        // lines depends on their order in the file.
        for (Chainloader chainloader : config.chainloaders()) {
            line(out, "dhcp-boot=tag:!ipxe," + archTags(chainloader.arch()) + chainloader.file());
        }
        config.leaseFile().ifPresent(file -> line(out, "dhcp-leasefile=" + file));
        config.pidFile().ifPresent(file -> line(out, "pid-file=" + file));
        if (config.logDhcp()) {
            line(out, "log-dhcp");
        }
        return out.toString();
    }

    /** Writes the rendered file atomically; true if its content changed (dnsmasq then needs a restart). */
    public boolean write(DnsmasqConfig config, Path file) {
        return AtomicFiles.writeIfChanged(file, render(config));
    }

    /** The file as it is on disk, if any, e.g. to tell whether a restart is due. */
    public Optional<String> read(Path file) {
        return AtomicFiles.read(file);
    }

    // BIOS is the fallback: it matches when no UEFI architecture tag was set.
    private static String archTags(ClientArch arch) {
        if (!arch.optionValues().isEmpty()) {
            return "tag:" + arch.tag() + ",";
        }
        StringBuilder tags = new StringBuilder();
        for (ClientArch other : ClientArch.values()) {
            if (!other.optionValues().isEmpty()) {
                tags.append("tag:!").append(other.tag()).append(',');
            }
        }
        return tags.toString();
    }

    private static void line(StringBuilder out, String line) {
        out.append(line).append('\n');
    }
}
