package dev.ferrum.hardware.spi;

import java.util.List;
import java.util.Map;

/**
 * Listens for the LLDP frames switches send on the machine's NICs ({@code ipa-collect-lldp}): per interface name,
 * the TLVs of the first frame heard, in frame order, left raw because the conductor's hooks interpret them (the
 * agent reports them as IPA does, {@code [[type, "hex value"], ...]}). Interfaces that heard nothing are left out.
 */
public interface LldpCollector {

    /** One TLV of an LLDP frame: its type and its value in lower-case hex. */
    record Tlv(int type, String hexValue) {
    }

    Answer<Map<String, List<Tlv>>> collectLldp(MachineContext machine, List<String> interfaces);
}
