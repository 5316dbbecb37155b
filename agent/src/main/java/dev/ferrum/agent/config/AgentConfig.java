package dev.ferrum.agent.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Everything the agent is told at start-up, read once from the kernel command line (with IPA's
 * parameter names, so Ironic's own PXE templates work) and flags, then passed down typed.
 *
 * @param apiUrls conductor API endpoints, tried in turn ({@code ipa-api-url}, a comma list)
 * @param inspectionCallbackUrl where to post the inventory at start-up, when inspecting
 * @param advertiseHost the address put in the callback URL; found by routing to the conductor when absent
 * @param bootInterfaceMac the MAC the machine PXE-booted from ({@code BOOTIF}), lowercase colon form
 * @param preSharedAgentToken a token given on the command line (virtual media boots), used before lookup
 * @param legacyDriverName the driver named in the pre-1.22 vendor_passthru lookup URL ({@code ipa-driver-name})
 * @param enableAutoTls serve the command API over HTTPS with a certificate made at start and announced in the
 *     heartbeat, when the conductor speaks API 1.68+ ({@code ipa-enable-auto-tls}, on by default as in IPA)
 */
public record AgentConfig(
        List<URI> apiUrls,
        Optional<URI> inspectionCallbackUrl,
        List<String> inspectionCollectors,
        Duration inspectionDhcpWaitTimeout,
        String listenHost,
        int listenPort,
        Optional<String> advertiseHost,
        int advertisePort,
        String advertiseProtocol,
        Duration lookupTimeout,
        Duration lookupInterval,
        Optional<String> bootInterfaceMac,
        Optional<String> globalRequestId,
        TlsSettings tls,
        boolean standalone,
        Duration hardwareInitializationDelay,
        Optional<String> preSharedAgentToken,
        boolean collectLldp,
        ImageDownloadSettings imageDownload,
        Optional<String> ntpServer,
        String legacyDriverName,
        boolean enableAutoTls) {

    public AgentConfig {
        apiUrls = List.copyOf(apiUrls);
        inspectionCollectors = List.copyOf(inspectionCollectors);
        if (apiUrls.isEmpty() && inspectionCallbackUrl.isEmpty() && !standalone) {
            throw new ConfigException("the agent needs ipa-api-url (the conductor's URL, e.g. "
                    + "ipa-api-url=http://192.0.2.1:6385) or ipa-inspection-callback-url on the kernel command line, "
                    + "or ipa-standalone=1 to run without a conductor");
        }
    }
}
