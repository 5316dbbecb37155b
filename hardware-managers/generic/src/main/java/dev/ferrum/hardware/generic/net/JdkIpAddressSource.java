package dev.ferrum.hardware.generic.net;

import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;

/** Asks the running kernel through {@link NetworkInterface}; an unknown interface has no addresses. */
public final class JdkIpAddressSource implements IpAddressSource {

    @Override
    public InterfaceAddresses addressesOf(String interfaceName) {
        try {
            NetworkInterface nic = NetworkInterface.getByName(interfaceName);
            if (nic == null) {
                return InterfaceAddresses.NONE;
            }
            return InterfaceAddresses.choose(Collections.list(nic.getInetAddresses()));
        } catch (SocketException e) {
            // The interface vanished or cannot be queried: report it without addresses, as IPA does.
            return InterfaceAddresses.NONE;
        }
    }
}
