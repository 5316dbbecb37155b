package dev.ferrum.conductor.inspection;

import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.support.net.MacAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The addresses in an inspection report that identify the machine: its BMC's and its NICs' MACs. */
final class ReportAddresses {
    private ReportAddresses() {
    }

    /** The BMC address the ramdisk found, unless it found none (IPA then reports blank or {@code 0.0.0.0}). */
    static Optional<String> bmc(ContinueBody report) {
        return report.bmcAddress().filter(a -> !a.isBlank() && !a.equals("0.0.0.0"));
    }

    /** The report's MACs that parse, in its order. */
    static List<MacAddress> macs(ContinueBody report) {
        List<MacAddress> macs = new ArrayList<>();
        for (String mac : report.macAddresses()) {
            try {
                macs.add(MacAddresses.parse(mac));
            } catch (RuntimeException notAMac) {
                // IPA lists every NIC; one without a usable MAC cannot identify the node.
            }
        }
        return macs;
    }
}
