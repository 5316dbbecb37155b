package dev.ferrum.conductor.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The simulated agents: each looks its node up once ({@code GET /v1/lookup?addresses=<mac>} at API 1.62,
 * as IPA does) and then heartbeats ({@code POST /v1/heartbeat/<uuid>} at 1.68 with callback_url,
 * agent_token and agent_version, the body IPA sends). Every request goes through one shared HTTP/1.1
 * client whose connections are reused; at most {@code maxInFlight} requests are outstanding at once,
 * which bounds the connections the client opens. Each agent runs on a virtual thread.
 */
final class FleetLoad {
    /** What a stock IPA reports; the conductor only checks that one is sent. */
    static final String AGENT_VERSION = "9.4.3";
    private static final int LOOKUP_RETRIES = 20;
    private static final java.time.Duration LOOKUP_RETRY_PAUSE = java.time.Duration.ofMillis(500);

    private final HttpClient http;
    private final URI base;
    private final Semaphore inFlight;
    private final ObjectMapper json = new ObjectMapper();
    /** Lookups answered 503 and retried. */
    private final AtomicLong unavailable = new AtomicLong();

    FleetLoad(HttpClient http, URI base, int maxInFlight) {
        this.http = http;
        this.base = base;
        this.inFlight = new Semaphore(maxInFlight);
    }

    /** Looks every machine up; fails on the first lookup that does not answer 200 with a token. */
    List<FleetAgent> lookUp(List<FleetMachine> machines) throws InterruptedException {
        try (ExecutorService agents = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<FleetAgent>> found = new ArrayList<>();
            for (FleetMachine machine : machines) {
                found.add(agents.submit(() -> lookUp(machine)));
            }
            List<FleetAgent> result = new ArrayList<>(machines.size());
            for (Future<FleetAgent> agent : found) {
                result.add(agent.get());
            }
            return result;
        } catch (ExecutionException e) {
            throw new IllegalStateException("lookup failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private FleetAgent lookUp(FleetMachine machine) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/v1/lookup?addresses="
                        + URLEncoder.encode(machine.mac().value(), StandardCharsets.UTF_8)))
                .header("X-OpenStack-Ironic-API-Version", "1.62").header("Accept", "application/json").GET().build();
        HttpResponse<String> answer = send(request, HttpResponse.BodyHandlers.ofString());
        // As IPA does: a node another conductor's task holds (409), or a conductor short of store connections
        // for a moment (503), is looked up again a moment later.
        for (int retry = 0; (answer.statusCode() == 409 || answer.statusCode() == 503) && retry < LOOKUP_RETRIES;
                retry++) {
            if (answer.statusCode() == 503) {
                unavailable.incrementAndGet();
            }
            Thread.sleep(LOOKUP_RETRY_PAUSE);
            answer = send(request, HttpResponse.BodyHandlers.ofString());
        }
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("lookup of " + machine.mac() + " answered " + answer.statusCode() + ": "
                    + answer.body());
        }
        JsonNode body = json.readTree(answer.body());
        String token = body.path("config").path("agent_token").asText("");
        if (token.isEmpty() || token.equals("******")) {
            throw new IllegalStateException("lookup of " + machine.mac() + " issued no agent token: " + answer.body());
        }
        return new FleetAgent(machine, UUID.fromString(body.path("node").path("uuid").asText()), token);
    }

    /** How many lookups were answered 503 (and retried) so far. */
    long lookupsUnavailable() {
        return unavailable.get();
    }

    /** Starts the agents heartbeating; each stops after {@code beatsPerAgent} accepted or failed heartbeats. */
    Running start(List<FleetAgent> agents, Pacing pacing, long beatsPerAgent) {
        return new Running(agents, pacing, beatsPerAgent);
    }

    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        inFlight.acquire();
        try {
            return http.send(request, body);
        } finally {
            inFlight.release();
        }
    }

    private HttpRequest heartbeat(FleetAgent agent) {
        // The callback URL is never called: nodes in inspect wait only record it (see bench/README.md).
        String body = "{\"callback_url\": \"http://127.0.0.1:9999\", \"agent_token\": \"" + agent.token()
                + "\", \"agent_version\": \"" + AGENT_VERSION + "\"}";
        return HttpRequest.newBuilder(base.resolve("/v1/heartbeat/" + agent.node()))
                .header("X-OpenStack-Ironic-API-Version", "1.68").header("Content-Type", "application/json")
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** A load in progress: its current window's tally, and when each agent's last accepted heartbeat was sent. */
    final class Running implements AutoCloseable {
        private final AtomicReference<HeartbeatTally> tally = new AtomicReference<>(new HeartbeatTally());
        private final Map<UUID, Instant> lastAccepted = new ConcurrentHashMap<>();
        private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
        private final List<Future<?>> loops = new ArrayList<>();

        private Running(List<FleetAgent> agents, Pacing pacing, long beatsPerAgent) {
            switch (pacing) {
                case Pacing.IpaRate rate -> agents.forEach(agent -> loops.add(threads.submit(() -> {
                    paced(agent, rate.heartbeatTimeout(), beatsPerAgent);
                    return null;
                })));
                case Pacing.Saturation saturation -> {
                    AtomicLong next = new AtomicLong();
                    long total = beatsPerAgent == Long.MAX_VALUE ? Long.MAX_VALUE : beatsPerAgent * agents.size();
                    for (int w = 0; w < saturation.workers(); w++) {
                        loops.add(threads.submit(() -> {
                            for (long i = next.getAndIncrement(); i < total; i = next.getAndIncrement()) {
                                beat(agents.get((int) (i % agents.size())));
                            }
                            return null;
                        }));
                    }
                }
            }
        }

        private void paced(FleetAgent agent, Duration timeout, long beats) throws InterruptedException {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            Thread.sleep(Duration.ofNanos((long) (timeout.toNanos() * 0.45 * random.nextDouble())));
            for (long i = 0; i < beats; i++) {
                beat(agent);
                if (i + 1 < beats) {
                    Thread.sleep(Duration.ofNanos((long) (timeout.toNanos() * random.nextDouble(0.3, 0.6))));
                }
            }
        }

        private void beat(FleetAgent agent) throws InterruptedException {
            HttpRequest request = heartbeat(agent);
            HeartbeatTally window = tally.get();
            Instant sent = Instant.now();
            long start = System.nanoTime();
            try {
                HttpResponse<String> answer = send(request, HttpResponse.BodyHandlers.ofString());
                long took = System.nanoTime() - start;
                if (answer.statusCode() == 202) {
                    window.accepted(took);
                    lastAccepted.merge(agent.node(), sent, (a, b) -> a.isAfter(b) ? a : b);
                } else {
                    window.failed("HTTP " + answer.statusCode());
                }
            } catch (IOException e) {
                window.failed(e.getClass().getSimpleName());
            }
        }

        /** Ends the current window and starts a new one; returns the one that ended. */
        HeartbeatTally newWindow() {
            return tally.getAndSet(new HeartbeatTally());
        }

        /** Waits for every agent to finish its heartbeats; false when {@code timeout} passed first. */
        boolean awaitFinished(Duration timeout) throws InterruptedException {
            threads.shutdown();
            return threads.awaitTermination(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }

        /** When each agent sent its last heartbeat the conductor accepted. */
        Map<UUID, Instant> lastAccepted() {
            return Map.copyOf(lastAccepted);
        }

        @Override
        public void close() {
            stop();
        }

        /** Stops every agent (interrupting sleeps and requests in flight) and waits for them; repeatable. */
        void stop() {
            threads.shutdownNow();
            try {
                threads.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (Future<?> loop : loops) {
                // An agent interrupted by the stop ends with InterruptedException; anything else is a harness bug.
                if (loop.state() == Future.State.FAILED && !(loop.exceptionNow() instanceof InterruptedException)) {
                    throw new IllegalStateException("an agent failed: " + loop.exceptionNow(), loop.exceptionNow());
                }
            }
        }
    }
}
