/**
 * The control plane: nodes and ports, the provisioning state machine, tasks and locks, drivers, the
 * store (SQLite or PostgreSQL), the Ironic v1 and discoverd APIs, and periodic work. Exported are the
 * packages the sandbox and the end-to-end tests assemble a conductor from; the API resources, the
 * inspection hooks and the other node sub-domains stay inside.
 *
 * <p>Open because Jackson and picocli reach records and commands reflectively. {@code ./ferrum
 * conductor} runs it on the class path; the descriptor is checked when it compiles.
 */
open module dev.ferrum.conductor {
    requires dev.ferrum.protocol;
    requires dev.ferrum.pxe;
    requires dev.ferrum.support;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires java.sql;
    requires com.zaxxer.hikari;
    requires org.xerial.sqlitejdbc;
    // Automatic modules without a declared name: the names derived from their jars.
    requires flyway.core;
    requires bcrypt;
    requires org.apache.commons.codec;
    // The config drive's ISO 9660 writer (java-iso-tools) and the stream library it writes through.
    requires iso9660.writer;
    requires sabre;
    requires io.helidon.common.configurable;
    requires io.helidon.common.media.type;
    requires io.helidon.common.pki;
    requires io.helidon.common.tls;
    requires io.helidon.common.uri;
    requires io.helidon.http;
    requires io.helidon.webclient.api;
    requires io.helidon.webserver;
    requires info.picocli;

    exports dev.ferrum.conductor;
    exports dev.ferrum.conductor.agent;
    exports dev.ferrum.conductor.api;
    exports dev.ferrum.conductor.cli;
    exports dev.ferrum.conductor.driver;
    exports dev.ferrum.conductor.driver.bios;
    exports dev.ferrum.conductor.driver.boot;
    exports dev.ferrum.conductor.driver.deploy;
    exports dev.ferrum.conductor.driver.hardware;
    exports dev.ferrum.conductor.driver.inspect;
    exports dev.ferrum.conductor.driver.management;
    exports dev.ferrum.conductor.driver.power;
    exports dev.ferrum.conductor.driver.redfish;
    exports dev.ferrum.conductor.driver.firmware;
    exports dev.ferrum.conductor.driver.rescue;
    exports dev.ferrum.conductor.driver.step;
    exports dev.ferrum.conductor.firmware;
    exports dev.ferrum.conductor.flow;
    exports dev.ferrum.conductor.inspection;
    exports dev.ferrum.conductor.json;
    exports dev.ferrum.conductor.node;
    exports dev.ferrum.conductor.ramdisk;
    exports dev.ferrum.conductor.state;
    exports dev.ferrum.conductor.store;

    // Inspection processing hooks, found by name; META-INF/services says the same for the class path.
    uses dev.ferrum.conductor.inspection.ProcessingHook;
    provides dev.ferrum.conductor.inspection.ProcessingHook with
            dev.ferrum.conductor.inspection.hooks.RamdiskErrorHook,
            dev.ferrum.conductor.inspection.hooks.SchedulerHook,
            dev.ferrum.conductor.inspection.hooks.ValidateInterfacesHook,
            dev.ferrum.conductor.inspection.hooks.PortsHook,
            dev.ferrum.conductor.inspection.hooks.RootDeviceHook,
            dev.ferrum.conductor.inspection.hooks.CapabilitiesHook,
            dev.ferrum.conductor.inspection.hooks.LldpBasicHook,
            dev.ferrum.conductor.inspection.hooks.LocalLinkConnectionHook;
}
