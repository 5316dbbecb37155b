/**
 * What several Ferrum modules need exactly once: starting child processes, reading PEM CA bundles,
 * the one MAC address value type, values made at first use, and resolving IP-literal hosts for Helidon clients. No Ferrum module below it; JDK only, plus
 * Helidon's client API for the one class that plugs into it.
 */
module dev.ferrum.support {
    // Optional: present wherever a Helidon client is built (agent, conductor), absent in the SPI and image builder.
    requires static io.helidon.webclient.api;

    exports dev.ferrum.support.http;
    exports dev.ferrum.support.lang;
    exports dev.ferrum.support.net;
    exports dev.ferrum.support.process;
    exports dev.ferrum.support.tls;
}
