/**
 * Wire records both Ferrum tiers exchange with each other and with the OpenStack peers
 * (Ironic, ironic-python-agent, ironic-discoverd), and the one JSON mapping they share.
 */
module dev.ferrum.protocol {
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.datatype.jdk8;

    exports dev.ferrum.protocol.inventory;
    exports dev.ferrum.protocol.json;
    exports dev.ferrum.protocol.step;

    opens dev.ferrum.protocol.inventory to com.fasterxml.jackson.databind;
    opens dev.ferrum.protocol.step to com.fasterxml.jackson.databind;
}
