package dev.ferrum.conductor.inspection;

import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * discoverd's BMC credential setup: an operator starts introspection with {@code new_ipmi_username} and
 * {@code new_ipmi_password}; the credentials wait (sealed) until the node's ramdisk reports, travel to it in the
 * answer's body (never in a URL), the ramdisk sets them on its BMC in band, and before anything is written to
 * driver_info the conductor checks them out of band by reading the power state with them. The password is never
 * logged nor written to the history.
 */
public final class BmcCredentialSetup {
    private static final System.Logger LOG = System.getLogger(BmcCredentialSetup.class.getName());
    /** IPMI 2.0 passwords are at most 20 bytes; inspector refuses longer ones up front. */
    private static final int MAX_PASSWORD = 20;
    private static final Duration RETRY = Duration.ofSeconds(2);

    /** Credentials to set, as the ramdisk receives them. */
    public record Credentials(String username, String password) {
        @Override
        public String toString() {
            return "Credentials[username=" + username + ", password=******]";
        }
    }

    private final Store store;
    private final DriverRegistry drivers;
    private final InspectionConfig config;
    private final Clock clock;
    private final String conductor;

    public BmcCredentialSetup(Store store, DriverRegistry drivers, InspectionConfig config, Clock clock,
            String conductor) {
        this.store = store;
        this.drivers = drivers;
        this.config = config;
        this.clock = clock;
        this.conductor = conductor;
    }

    /**
     * Checks the operator's request and keeps the credentials for the node's next report; when neither parameter
     * is given, earlier ones are dropped. Refused (400) when the feature is off or the values are unusable.
     */
    public void request(Node node, Optional<String> username, Optional<String> password) {
        if (username.isEmpty() && password.isEmpty()) {
            // A plain start must not hand the ramdisk credentials left over from an earlier request.
            store.pendingCredentials().delete(node.uuid());
            return;
        }
        if (!config.settingIpmiCredentials()) {
            throw new InvalidInputException("IPMI credentials setup is disabled in configuration; start the"
                    + " conductor with --enable-setting-ipmi-credentials to allow it.");
        }
        // As inspector: the user name defaults to the one driver_info already has.
        username = username.filter(u -> !u.isBlank()).or(() -> node.driverInfo().string("ipmi_username"));
        if (username.filter(u -> !u.isBlank()).isEmpty() || password.filter(p -> !p.isBlank()).isEmpty()) {
            throw new InvalidInputException("Setting IPMI credentials needs new_ipmi_password, and"
                    + " new_ipmi_username when driver_info has no ipmi_username.");
        }
        if (password.get().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_PASSWORD) {
            throw new InvalidInputException("new_ipmi_password is longer than " + MAX_PASSWORD + " bytes, the most"
                    + " IPMI 2.0 allows.");
        }
        store.pendingCredentials().put(node.uuid(), JsonDict.empty().with("username", username.get())
                .with("password", password.get()));
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " ramdisk will set BMC user " + username.get());
    }

    /** The credentials the node's ramdisk is to set, if any are waiting. */
    public Optional<Credentials> pending(UUID node) {
        return store.pendingCredentials().find(node).map(dict -> new Credentials(
                dict.string("username").orElseThrow(), dict.string("password").orElseThrow()));
    }

    /**
     * Checks waiting credentials out of band until the BMC accepts them or the timeout passes, then writes them
     * to driver_info (with the BMC address the ramdisk saw when driver_info had none) and returns the node as
     * stored. Returns the node unchanged when nothing waits; throws {@link InspectionException} naming the user
     * when the BMC never accepted them.
     */
    public Node verify(NodeLock lock, Node node) {
        Optional<Credentials> waiting = pending(node.uuid());
        if (waiting.isEmpty()) {
            return node;
        }
        Credentials credentials = waiting.get();
        JsonDict info = node.driverInfo().with("ipmi_username", credentials.username())
                .with("ipmi_password", credentials.password());
        if (info.string("ipmi_address").isEmpty()) {
            Optional<String> seen = store.introspection().load(node.uuid(), IntrospectionDataKind.UNPROCESSED)
                    .map(JsonDict::toObjectNode).map(data -> data.path("inventory").path("bmc_address").asText(""))
                    .filter(address -> !address.isBlank() && !address.equals("0.0.0.0"));
            if (seen.isPresent()) {
                info = info.with("ipmi_address", seen.get());
            }
        }
        Node candidate = node.toBuilder().driverInfo(info).build();
        Instant deadline = clock.instant().plus(config.credentialCheckTimeout());
        String last = "";
        while (true) {
            try {
                drivers.bundleFor(candidate).power().powerState(candidate);
                break;
            } catch (RuntimeException refused) {
                last = refused.getMessage();
            }
            if (!clock.instant().plus(RETRY).isBefore(deadline)) {
                throw new InspectionException("The BMC of node " + node.uuid() + " did not accept the new IPMI"
                        + " credentials of user " + credentials.username() + " within "
                        + config.credentialCheckTimeout().toSeconds() + " s (last answer: " + last + "); check the"
                        + " ramdisk's log for ipmitool's errors and the BMC's user slots, then inspect again with"
                        + " new_ipmi_username and new_ipmi_password.");
            }
            sleep();
        }
        JsonDict verified = info;
        Node written = store.nodes().update(lock, node.version(), b -> b.driverInfo(verified));
        store.pendingCredentials().delete(node.uuid());
        store.history().append(new NodeEvent(UUID.randomUUID(), node.uuid(), clock.instant(), node.provisionState(),
                node.provisionState(), "inspection credentials", NodeEvent.Severity.INFO, "The ramdisk set BMC user "
                + credentials.username() + "; the conductor verified it out of band and wrote it to driver_info.",
                Optional.of(conductor)));
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " BMC user " + credentials.username()
                + " verified and written to driver_info");
        return written;
    }

    private static void sleep() {
        try {
            Thread.sleep(RETRY);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InspectionException("Interrupted while checking the new BMC credentials.");
        }
    }
}
