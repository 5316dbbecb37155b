package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.inspection.InspectionException;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.DiscoverdContinue;
import dev.ferrum.protocol.inspection.IpaContinue;
import dev.ferrum.support.net.MacAddress;
import java.util.Optional;

/**
 * {@code validate_interfaces}: keeps the NICs with a valid MAC and an IP address (the ones that can
 * PXE-boot the node); when none has an address, every NIC with a MAC is kept.
 */
public final class ValidateInterfacesHook implements ProcessingHook {

    @Override
    public String name() {
        return "validate_interfaces";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        ObjectNode all = outcome.data().putObject("all_interfaces");
        ObjectNode kept = outcome.data().putObject("interfaces");
        switch (report) {
            case IpaContinue ipa -> ipa.inventory().interfaces().forEach(nic ->
                    record(all, nic.name(), Optional.of(nic.macAddress()), nic.ipv4Address()));
            case DiscoverdContinue flat -> flat.interfaces().forEach((name, nic) ->
                    record(all, name, nic.mac(), nic.ip()));
        }
        boolean anyAddress = all.valueStream().anyMatch(nic -> nic.hasNonNull("ip"));
        all.properties().forEach(entry -> {
            if (!anyAddress || entry.getValue().hasNonNull("ip")) {
                kept.set(entry.getKey(), entry.getValue());
                outcome.keepInterface(MacAddresses.parse(entry.getValue().get("mac").asText()));
            }
        });
        if (outcome.interfaces().isEmpty()) {
            throw new InspectionException("No valid interfaces found: the report lists no NIC with a MAC address.");
        }
        var macs = outcome.data().putArray("macs");
        outcome.interfaces().forEach(mac -> macs.add(mac.value()));
    }

    private static void record(ObjectNode all, String name, Optional<String> mac, Optional<String> ip) {
        Optional<MacAddress> valid = mac.flatMap(ValidateInterfacesHook::parse);
        if (valid.isEmpty()) {
            return;
        }
        ObjectNode nic = all.putObject(name);
        nic.put("mac", valid.get().value());
        ip.filter(a -> !a.isBlank()).ifPresentOrElse(a -> nic.put("ip", a), () -> nic.putNull("ip"));
    }

    private static Optional<MacAddress> parse(String mac) {
        try {
            return Optional.of(MacAddresses.parse(mac));
        } catch (RuntimeException notAMac) {
            return Optional.empty();
        }
    }
}
