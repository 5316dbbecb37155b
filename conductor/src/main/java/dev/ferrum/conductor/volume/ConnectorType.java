package dev.ferrum.conductor.volume;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;

/** What a volume connector's {@code connector_id} is, as Ironic's API reference lists them. */
public enum ConnectorType {
    IQN, IP, MAC, WWNN, WWPN, PORT, PORTGROUP;

    /** The API's spelling. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ConnectorType fromWire(String wire) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(wire)).findFirst()
                .orElseThrow(() -> new InvalidInputException("Volume connector type \"" + wire + "\" is not valid:"
                        + " use one of iqn, ip, mac, wwnn, wwpn, port, portgroup."));
    }
}
