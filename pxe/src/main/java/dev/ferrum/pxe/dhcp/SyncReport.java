package dev.ferrum.pxe.dhcp;

/**
 * What {@link DhcpHostsDirectory#synchronize} changed: files (re)written, files removed, and
 * whether dnsmasq was sent SIGHUP to forget the removed ones.
 */
public record SyncReport(int written, int removed, boolean signalled) {

    /** True when the directory already matched. */
    public boolean unchanged() {
        return written == 0 && removed == 0;
    }
}
