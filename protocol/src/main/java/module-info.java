/**
 * Wire records both Ferrum tiers exchange with each other and with the OpenStack peers
 * (Ironic, ironic-python-agent, ironic-discoverd), and the one JSON mapping they share.
 */
module dev.ferrum.protocol {
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.datatype.jdk8;

    exports dev.ferrum.protocol.api;
    exports dev.ferrum.protocol.command;
    exports dev.ferrum.protocol.erase;
    exports dev.ferrum.protocol.error;
    exports dev.ferrum.protocol.heartbeat;
    exports dev.ferrum.protocol.image;
    exports dev.ferrum.protocol.inspection;
    exports dev.ferrum.protocol.inventory;
    exports dev.ferrum.protocol.json;
    exports dev.ferrum.protocol.lookup;
    exports dev.ferrum.protocol.step;

    // Jackson reads and writes the records reflectively.
    opens dev.ferrum.protocol.api to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.command to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.erase to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.error to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.heartbeat to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.image to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.inspection to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.inventory to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.lookup to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.step to com.fasterxml.jackson.databind;
}
