/**
 * The in-ramdisk agent: configuration from the kernel command line, lookup and heartbeat to the
 * conductor, the IPA-compatible command API, image writing, erase, inspection and vendor plugins.
 * Exported are the packages the sandbox builds an in-process agent from; the command API, command
 * dispatch, inspection, partition tables, qcow2 reading and TLS set-up stay inside.
 *
 * <p>Open because Jackson and picocli reach records and commands reflectively. In the ramdisk and
 * from {@code ./ferrum agent} the agent runs on the class path; the descriptor is checked when it compiles.
 */
open module dev.ferrum.agent {
    requires dev.ferrum.protocol;
    requires dev.ferrum.hardware.spi;
    requires dev.ferrum.hardware.registry;
    requires dev.ferrum.support;
    requires com.fasterxml.jackson.annotation;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires io.helidon.common.tls;
    requires io.helidon.http;
    requires io.helidon.webclient.api;
    requires io.helidon.webserver;
    requires info.picocli;
    requires org.apache.commons.compress;
    requires org.tukaani.xz;
    // The zstd decoder; aircompressor has no module name of its own, so this is the one derived from its jar.
    requires aircompressor;

    exports dev.ferrum.agent;
    exports dev.ferrum.agent.cli;
    exports dev.ferrum.agent.conductor;
    exports dev.ferrum.agent.config;
    exports dev.ferrum.agent.deploy;
    exports dev.ferrum.agent.extension;
    exports dev.ferrum.agent.image;
    exports dev.ferrum.agent.image.source;
    exports dev.ferrum.agent.image.writer;
    exports dev.ferrum.agent.plugin;
    exports dev.ferrum.agent.runtime;
    exports dev.ferrum.agent.system;
    exports dev.ferrum.agent.time;
}
