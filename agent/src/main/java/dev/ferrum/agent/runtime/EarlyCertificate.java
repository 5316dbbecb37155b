package dev.ferrum.agent.runtime;

import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.conductor.CallbackAddress;
import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.tls.SelfSignedCertificate;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The auto-TLS certificate, made while the lookup is under way: generating the key and signing (the JVM's first
 * use of its EC and X.509 code) otherwise sits between the lookup's answer and the first heartbeat. It is made
 * for the host the callback names when the first conductor URL answers; when the lookup ends otherwise (another
 * URL answered, so another route) a certificate is made then for the right host, and when the conductor takes
 * no certificate the early one is simply not used, so the agent sends exactly what it sent before.
 */
final class EarlyCertificate {
    private static final System.Logger LOG = System.getLogger(EarlyCertificate.class.getName());

    private record Made(String host, SelfSignedCertificate certificate) {
    }

    private final Optional<Future<Made>> early;
    private final Clock clock;

    private EarlyCertificate(Optional<Future<Made>> early, Clock clock) {
        this.early = early;
        this.clock = clock;
    }

    /**
     * Starts making the certificate on {@code background} if this agent may serve auto-TLS after a lookup and the
     * machine has a second CPU to make it on. With one CPU (a small virtual machine, or emulation) nothing runs
     * alongside the lookup: the key and signing only took CPU from it (the first lookup attempt came 15-20 s into a
     * TCG boot with both competing, bench/README.md), so there the certificate is made after the answer.
     */
    static EarlyCertificate start(AgentConfig config, ExecutorService background, Clock clock, int processors) {
        if (!config.enableAutoTls() || !"http".equals(config.advertiseProtocol()) || config.standalone()
                || config.apiUrls().isEmpty() || processors < 2) {
            return new EarlyCertificate(Optional.empty(), clock);
        }
        URI first = config.apiUrls().getFirst();
        return new EarlyCertificate(Optional.of(background.submit(() -> {
            String host = callbackHost(config, first);
            return new Made(host, SelfSignedCertificate.generate(host, clock.instant(), new SecureRandom()));
        })), clock);
    }

    /** The host the callback URL names when {@code apiUrl} answered the lookup; the certificate must name it too. */
    static String callbackHost(AgentConfig config, URI apiUrl) {
        return config.advertiseHost().orElseGet(() -> CallbackAddress.routedLocalAddress(apiUrl).getHostAddress());
    }

    /** A certificate naming {@code host}: the one made early if it names that host, else one made now. */
    SelfSignedCertificate forHost(String host) {
        return early.flatMap(EarlyCertificate::await).filter(made -> made.host().equals(host))
                .map(Made::certificate)
                .orElseGet(() -> SelfSignedCertificate.generate(host, clock.instant(), new SecureRandom()));
    }

    private static Optional<Made> await(Future<Made> pending) {
        try {
            return Optional.of(pending.get());
        } catch (ExecutionException e) {
            // Made again after the lookup, where the same failure (no route, say) stops the start with its message.
            LOG.log(System.Logger.Level.DEBUG, "the certificate made during the lookup failed: " + e.getCause());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted during start-up", e);
        }
    }
}
