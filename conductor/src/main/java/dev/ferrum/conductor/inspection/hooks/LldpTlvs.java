package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * What a switch said about itself in the raw LLDP TLVs IPA reports per interface ({@code [[type, "hex"], ...]},
 * type the TLV type, hex its value): chassis id, port id, system name, the port's untagged VLAN and its VLANs
 * (IEEE 802.1 organisational TLVs). Malformed TLVs are skipped, as one bad frame must not fail inspection.
 */
public record LldpTlvs(Optional<String> chassisId, Optional<String> portId, Optional<String> systemName,
        Optional<Integer> untaggedVlan, List<Vlan> vlans) {
    private static final int CHASSIS_ID = 1;
    private static final int PORT_ID = 2;
    private static final int SYSTEM_NAME = 5;
    private static final int ORGANIZATIONAL = 127;
    private static final String IEEE_802_1 = "0080c2";

    /** One VLAN the port carries, as the VLAN name TLV gives it. */
    public record Vlan(int id, String name) {
    }

    public LldpTlvs {
        vlans = List.copyOf(vlans);
    }

    public static LldpTlvs parse(JsonNode raw) {
        Optional<String> chassis = Optional.empty();
        Optional<String> port = Optional.empty();
        Optional<String> system = Optional.empty();
        Optional<Integer> untagged = Optional.empty();
        List<Vlan> vlans = new ArrayList<>();
        for (JsonNode tlv : raw) {
            if (!tlv.isArray() || tlv.size() != 2 || !tlv.get(0).canConvertToInt() || !tlv.get(1).isTextual()) {
                continue;
            }
            byte[] value;
            try {
                value = HexFormat.of().parseHex(tlv.get(1).asText());
            } catch (IllegalArgumentException notHex) {
                continue;
            }
            switch (tlv.get(0).asInt()) {
                case CHASSIS_ID -> chassis = chassis.or(() -> id(value));
                case PORT_ID -> port = port.or(() -> id(value));
                case SYSTEM_NAME -> system = system.or(() -> Optional.of(text(value, 0, value.length)));
                case ORGANIZATIONAL -> {
                    if (value.length >= 4 && HexFormat.of().formatHex(value, 0, 3).equals(IEEE_802_1)) {
                        int subtype = value[3] & 0xff;
                        if (subtype == 1 && value.length >= 6) {
                            untagged = Optional.of(u16(value, 4));
                        } else if (subtype == 3 && value.length >= 7) {
                            int length = Math.min(value[6] & 0xff, value.length - 7);
                            vlans.add(new Vlan(u16(value, 4), text(value, 7, length)));
                        }
                    }
                }
                default -> { }
            }
        }
        return new LldpTlvs(chassis, port, system, untagged, vlans);
    }

    /**
     * A chassis or port id: its first byte is the subtype; a MAC address subtype (4 for chassis, 3 for port)
     * reads as {@code aa:bb:...}, the others as text, as inspector shows them.
     */
    private static Optional<String> id(byte[] value) {
        if (value.length < 2) {
            return Optional.empty();
        }
        int subtype = value[0] & 0xff;
        if ((subtype == 3 || subtype == 4) && value.length == 7) {
            return Optional.of(HexFormat.ofDelimiter(":").formatHex(value, 1, 7));
        }
        return Optional.of(text(value, 1, value.length - 1));
    }

    private static int u16(byte[] value, int at) {
        return ((value[at] & 0xff) << 8) | (value[at + 1] & 0xff);
    }

    private static String text(byte[] value, int from, int length) {
        return new String(value, from, length, StandardCharsets.UTF_8).strip();
    }
}
