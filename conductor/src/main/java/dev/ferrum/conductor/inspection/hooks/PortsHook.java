package dev.ferrum.conductor.inspection.hooks;

import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;
import dev.ferrum.support.net.MacAddress;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code ports}: asks for a port per validated NIC, or, as inspector's default {@code add_ports=pxe},
 * only for the NIC the node PXE-booted from when the ramdisk names it ({@code boot_interface}).
 */
public final class PortsHook implements ProcessingHook {

    @Override
    public String name() {
        return "ports";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        Optional<MacAddress> pxe = report instanceof IpaContinue ipa
                ? ipa.bootInterface().flatMap(PortsHook::bootMac).filter(outcome.interfaces()::contains)
                : Optional.empty();
        pxe.ifPresentOrElse(outcome::createPort, () -> outcome.interfaces().forEach(outcome::createPort));
    }

    /** PXE's BOOTIF is {@code 01-aa-bb-cc-dd-ee-ff}; IPA may also send the plain MAC. */
    private static Optional<MacAddress> bootMac(String bootInterface) {
        String text = bootInterface.toLowerCase(Locale.ROOT);
        if (text.startsWith("01-") && text.length() == 20) {
            text = text.substring(3).replace('-', ':');
        }
        try {
            return Optional.of(MacAddresses.parse(text));
        } catch (RuntimeException notAMac) {
            return Optional.empty();
        }
    }
}
