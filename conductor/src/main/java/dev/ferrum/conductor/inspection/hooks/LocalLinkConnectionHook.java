package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;

/**
 * {@code local_link_connection}: from each interface's LLDP, the switch and port it is cabled to become its port's
 * {@code local_link_connection} ({@code switch_id} the chassis id, {@code port_id}, {@code switch_info} the
 * system name), which network plugins use to configure the switch port. Interfaces without LLDP are left alone.
 */
public final class LocalLinkConnectionHook implements ProcessingHook {

    @Override
    public String name() {
        return "local_link_connection";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        if (!(report instanceof IpaContinue ipa)) {
            return;
        }
        ipa.inventory().interfaces().forEach(nic -> nic.lldp().filter(raw -> raw.isArray() && !raw.isEmpty())
                .ifPresent(raw -> {
                    LldpTlvs tlvs = LldpTlvs.parse(raw);
                    if (tlvs.chassisId().isEmpty() || tlvs.portId().isEmpty()) {
                        return;
                    }
                    ObjectNode connection = JsonNodeFactory.instance.objectNode()
                            .put("switch_id", tlvs.chassisId().get()).put("port_id", tlvs.portId().get());
                    tlvs.systemName().ifPresent(name -> connection.put("switch_info", name));
                    outcome.linkPort(MacAddresses.parse(nic.macAddress()), JsonDict.of(connection));
                }));
    }
}
