package dev.ferrum.agent.conductor;

import dev.ferrum.agent.AgentException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * The URL the conductor calls the agent back on. Without an advertised host it is the local address
 * the kernel would use to reach the conductor: connecting a UDP socket sends nothing but makes the
 * kernel pick the route and source address, which is exactly the address the conductor can reach.
 */
public final class CallbackAddress {
    private CallbackAddress() {
    }

    /** The callback URL for a conductor at {@code conductor}. */
    public static URI callbackUrl(String protocol, Optional<String> advertiseHost, int port, URI conductor) {
        String host = advertiseHost.orElseGet(() -> routedLocalAddress(conductor).getHostAddress());
        return URI.create(protocol + "://" + hostForUrl(host) + ":" + port);
    }

    /** The local address whose route leads to {@code target}'s host. */
    public static InetAddress routedLocalAddress(URI target) {
        int port = target.getPort() > 0 ? target.getPort() : ("https".equals(target.getScheme()) ? 443 : 80);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName(target.getHost()), port));
            InetAddress local = socket.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new AgentException("no local address routes to " + target.getHost()
                        + "; check the network is up or set ipa-advertise-host");
            }
            return local;
        } catch (UnknownHostException e) {
            throw new AgentException("cannot resolve the conductor host " + target.getHost()
                    + "; use an IP address in ipa-api-url or fix DNS", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a route to " + target.getHost(), e);
        }
    }

    private static String hostForUrl(String host) {
        if (!host.contains(":") || host.startsWith("[")) {
            return host;
        }
        // An IPv6 literal: bracket it for the URL and drop any zone id, which means nothing remotely.
        int zone = host.indexOf('%');
        return "[" + (zone < 0 ? host : host.substring(0, zone)) + "]";
    }
}
