package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;

/**
 * {@code lldp_basic}: reads each interface's raw LLDP TLVs into {@code all_interfaces/<nic>/lldp_processed}
 * (switch_chassis_id, switch_port_id, switch_system_name, switch_port_untagged_vlan_id, switch_port_vlans), the
 * keys inspector's hook of that name writes, so rules can match on the switch a NIC is cabled to.
 */
public final class LldpBasicHook implements ProcessingHook {

    @Override
    public String name() {
        return "lldp_basic";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        if (!(report instanceof IpaContinue ipa)) {
            return;
        }
        ObjectNode all = outcome.data().has("all_interfaces") ? (ObjectNode) outcome.data().get("all_interfaces")
                : outcome.data().putObject("all_interfaces");
        ipa.inventory().interfaces().forEach(nic -> nic.lldp().filter(raw -> raw.isArray() && !raw.isEmpty())
                .ifPresent(raw -> {
                    LldpTlvs tlvs = LldpTlvs.parse(raw);
                    ObjectNode entry = all.has(nic.name()) ? (ObjectNode) all.get(nic.name())
                            : all.putObject(nic.name()).put("mac", nic.macAddress());
                    ObjectNode processed = entry.putObject("lldp_processed");
                    tlvs.chassisId().ifPresent(v -> processed.put("switch_chassis_id", v));
                    tlvs.portId().ifPresent(v -> processed.put("switch_port_id", v));
                    tlvs.systemName().ifPresent(v -> processed.put("switch_system_name", v));
                    tlvs.untaggedVlan().ifPresent(v -> processed.put("switch_port_untagged_vlan_id", v));
                    if (!tlvs.vlans().isEmpty()) {
                        ArrayNode vlans = processed.putArray("switch_port_vlans");
                        tlvs.vlans().forEach(v -> vlans.addObject().put("id", v.id()).put("name", v.name()));
                    }
                }));
    }
}
