/**
 * Network boot: iPXE and pxelinux scripts rendered from typed templates, the HTTP service that serves
 * them and the boot files, and dnsmasq host management. The conductor is its only consumer.
 */
module dev.ferrum.pxe {
    requires transitive io.helidon.webserver;
    requires io.helidon.http;
    // Transitive: the one MacAddress type is in pxe's API (BootScriptSource, the dnsmasq hosts directory).
    requires transitive dev.ferrum.support;

    exports dev.ferrum.pxe;
    exports dev.ferrum.pxe.dhcp;
    exports dev.ferrum.pxe.http;
    exports dev.ferrum.pxe.script;
}
