package dev.ferrum.agent.inspection;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.conductor.ConductorReply;
import dev.ferrum.agent.conductor.ConductorTransport;
import dev.ferrum.agent.conductor.ConductorUnreachableException;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.spi.BmcCredentials;
import dev.ferrum.protocol.inspection.ContinueResponse;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Posts the inspection report to the callback URL ({@code ipa-inspection-callback-url}), retrying
 * while the service is unreachable or failing (5xx), and returns the node uuid the service found.
 * A 4xx answer is final: the service looked at the data and refused it (no node under inspection
 * matches, say), which retrying cannot change.
 */
public final class InspectionPoster {
    private static final System.Logger LOG = System.getLogger(InspectionPoster.class.getName());

    private final ConductorTransport transport;
    private final ObjectMapper json;
    private final Sleeper sleeper;
    private final int attempts;
    private final Duration retryWait;

    public InspectionPoster(ConductorTransport transport, ObjectMapper json, Sleeper sleeper, int attempts,
            Duration retryWait) {
        if (attempts < 1) {
            throw new IllegalArgumentException("at least one attempt is needed");
        }
        this.transport = transport;
        this.json = json;
        this.sleeper = sleeper;
        this.attempts = attempts;
        this.retryWait = retryWait;
    }

    /**
     * What the service answered: the uuid of the node it matched, if it said, and the BMC credentials the
     * ramdisk is to set, when the operator asked for that (discoverd's {@code ipmi_setup_credentials}).
     */
    public record Answer(Optional<String> nodeUuid, Optional<BmcCredentials> credentials) {
    }

    /**
     * Posts {@code report} to {@code callbackUrl}.
     *
     * @return what the service answered
     * @throws AgentException when the service refused the data or could not be reached in time
     */
    public Answer post(URI callbackUrl, ObjectNode report) {
        URI base = URI.create(callbackUrl.getScheme() + "://" + callbackUrl.getRawAuthority());
        String path = callbackUrl.getRawPath() == null || callbackUrl.getRawPath().isEmpty() ? "/" : callbackUrl.getRawPath();
        byte[] body;
        try {
            body = json.writeValueAsBytes(report);
        } catch (Exception e) {
            throw new IllegalStateException("cannot serialise the inspection report", e);
        }
        String last = "";
        for (int attempt = 1; attempt <= attempts; attempt++) {
            try {
                ConductorReply reply = transport.post(base, path, Map.of(), body);
                if (reply.isSuccess()) {
                    Answer answer = answerOf(reply.body());
                    LOG.log(System.Logger.Level.INFO, "inspection data accepted"
                            + answer.nodeUuid().map(u -> " for node=" + u).orElse(""));
                    return answer;
                }
                if (reply.status() < 500) {
                    throw new AgentException("the inspection service at " + base + path + " refused the data: "
                            + reply.summary() + "; check that the node is enrolled and under inspection");
                }
                last = reply.summary();
            } catch (ConductorUnreachableException e) {
                last = e.getMessage();
            }
            LOG.log(System.Logger.Level.WARNING, "posting inspection data failed (attempt " + attempt + " of " + attempts
                    + "): " + last);
            if (attempt < attempts) {
                try {
                    sleeper.sleep(retryWait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AgentException("interrupted while posting inspection data", e);
                }
            }
        }
        throw new AgentException("could not post inspection data to " + base + path + " after " + attempts
                + " attempts; last problem: " + last);
    }

    private Answer answerOf(String body) {
        ContinueResponse response;
        try {
            response = json.treeToValue(json.readTree(body), ContinueResponse.class);
        } catch (Exception notTheAnswer) {
            return new Answer(Optional.empty(), Optional.empty());
        }
        if (response == null) {
            return new Answer(Optional.empty(), Optional.empty());
        }
        return new Answer(response.uuid(), response.setsCredentials()
                ? Optional.of(new BmcCredentials(response.ipmiUsername().get(), response.ipmiPassword().get()))
                : Optional.empty());
    }
}
