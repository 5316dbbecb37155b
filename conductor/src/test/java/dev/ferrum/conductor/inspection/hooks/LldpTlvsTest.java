package dev.ferrum.conductor.inspection.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The raw TLVs IPA reports per NIC, read the way inspector's lldp_basic reads them. */
public class LldpTlvsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static String hex(String text) {
        return HexFormat.of().formatHex(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A leaf switch's frame: MAC chassis id, ifname port id, system name, untagged VLAN 100 and VLAN 100's name. */
    public static JsonNode leafFrame() throws Exception {
        return JSON.readTree("[[1, \"04001c73aabbcc\"], [2, \"05" + hex("Ethernet7") + "\"], [3, \"0078\"],"
                + " [5, \"" + hex("leaf-01") + "\"], [127, \"0080c2010064\"], [127, \"0080c203006404" + hex("prov")
                + "\"], [0, \"\"]]");
    }

    @Test
    void readsChassisPortSystemNameAndVlans() throws Exception {
        LldpTlvs tlvs = LldpTlvs.parse(leafFrame());

        assertThat(tlvs.chassisId()).contains("00:1c:73:aa:bb:cc");
        assertThat(tlvs.portId()).contains("Ethernet7");
        assertThat(tlvs.systemName()).contains("leaf-01");
        assertThat(tlvs.untaggedVlan()).contains(100);
        assertThat(tlvs.vlans()).containsExactly(new LldpTlvs.Vlan(100, "prov"));
    }

    @Test
    void skipsMalformedTlvsInsteadOfFailing() throws Exception {
        LldpTlvs tlvs = LldpTlvs.parse(JSON.readTree("[[1, \"zz\"], [\"x\", \"00\"], [2], [2, \"0300\"],"
                + " [127, \"0080c203\"], [5, \"" + hex("spine") + "\"]]"));

        assertThat(tlvs.chassisId()).isEmpty();
        assertThat(tlvs.portId()).as("subtype 3 with one byte is text, not a MAC").isPresent();
        assertThat(tlvs.vlans()).isEmpty();
        assertThat(tlvs.systemName()).contains("spine");
    }
}
