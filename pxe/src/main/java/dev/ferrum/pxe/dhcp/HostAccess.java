package dev.ferrum.pxe.dhcp;

/** Whether dnsmasq answers a machine's DHCP requests. */
public enum HostAccess {
    /** Answer: the machine may PXE-boot (it is being inspected, deployed or cleaned). */
    ALLOW,
    /** Ignore: the machine boots from disk or is not ours to boot. */
    DENY
}
