package dev.ferrum.pxe.dhcp;

/**
 * Sends SIGHUP to the running dnsmasq; the conductor, which starts and supervises dnsmasq,
 * implements it (e.g. {@code kill -HUP} of the PID in {@link DnsmasqConfig#pidFile()}). On SIGHUP
 * dnsmasq re-reads its hosts directory from scratch, dropping records of deleted files; it does
 * not re-read its main configuration file, which needs a restart.
 */
public interface ProcessSignaller {

    /** Delivers SIGHUP; throws {@link dev.ferrum.pxe.PxeException} if dnsmasq could not be signalled. */
    void hangUp();

    /** A signaller for when nobody runs dnsmasq (tests, DHCP handled elsewhere): does nothing. */
    static ProcessSignaller none() {
        return () -> { };
    }
}
