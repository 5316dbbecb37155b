package dev.ferrum.agent.conductor;

import java.net.URI;
import java.util.Map;

/**
 * Sends JSON requests to a conductor (or an inspector). The agent's lookup, heartbeat and
 * inspection logic is written against this so tests can run it against a real server on loopback
 * or a scripted fake.
 *
 * <p>Implementations throw {@link ConductorUnreachableException} when no HTTP answer came back.
 */
public interface ConductorTransport {

    ConductorReply get(URI base, String pathAndQuery, Map<String, String> headers);

    ConductorReply post(URI base, String path, Map<String, String> headers, byte[] jsonBody);
}
