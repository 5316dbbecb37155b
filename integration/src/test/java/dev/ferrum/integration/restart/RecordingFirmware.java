package dev.ferrum.integration.restart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.sandbox.machine.BootedSystem;
import dev.ferrum.sandbox.machine.InProcessAgent;
import dev.ferrum.sandbox.machine.NetworkBootFirmware;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sandbox's network boot with a record of what each boot's agent was asked to do: when the power takes an
 * agent down (a reboot, a power-off, the end of the test) its own command list ({@code GET /v1/commands/}, what
 * IPA answers a conductor) is read first and kept under the machine's name, one list per boot.
 */
final class RecordingFirmware implements NetworkBootFirmware {
    /** One agent command as the agent listed it; {@code step} is the step a step command ran, when it says. */
    record Command(String name, String status, String step) {
    }

    private final NetworkBootFirmware inner;
    private final ObjectMapper json = new ObjectMapper();
    // The agents serve their API over HTTPS with a certificate they made themselves (auto-TLS, which the conductor
    // pins); reading a loopback agent's own command list needs no trust in it.
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .sslContext(trustingAll()).build();
    private final Map<String, List<List<Command>>> boots = new ConcurrentHashMap<>();

    RecordingFirmware(NetworkBootFirmware inner) {
        this.inner = inner;
    }

    @Override
    public BootedSystem networkBoot(SimulatedMachine machine) {
        BootedSystem booted = inner.networkBoot(machine);
        if (!(booted.process() instanceof InProcessAgent agent)) {
            return booted;
        }
        String name = machine.identity().name();
        return new BootedSystem(booted.activity(), booted.detail(), () -> {
            boots.computeIfAbsent(name, n -> java.util.Collections.synchronizedList(new ArrayList<>()))
                    .add(commands(agent));
            agent.close();
        });
    }

    /** Each boot's agent commands on {@code machine}, in boot order (boots whose agent has not stopped yet are not in). */
    List<List<Command>> boots(String machine) {
        return List.copyOf(boots.getOrDefault(machine, List.of()));
    }

    private HttpResponse<String> list(String scheme, int port) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(scheme + "://127.0.0.1:" + port + "/v1/commands/"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static javax.net.ssl.SSLContext trustingAll() {
        javax.net.ssl.X509TrustManager all = new javax.net.ssl.X509TrustManager() {
            @Override
            public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType) {
            }

            @Override
            public java.security.cert.X509Certificate[] getAcceptedIssuers() {
                return new java.security.cert.X509Certificate[0];
            }
        };
        try {
            javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
            context.init(null, new javax.net.ssl.TrustManager[] {all}, null);
            return context;
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("no TLS here", e);
        }
    }

    private List<Command> commands(InProcessAgent agent) {
        if (agent.commandPort().isEmpty()) {
            return List.of();
        }
        try {
            HttpResponse<String> answer;
            try {
                answer = list("https", agent.commandPort().get());
            } catch (IOException plain) {
                answer = list("http", agent.commandPort().get());
            }
            List<Command> commands = new ArrayList<>();
            for (JsonNode command : json.readTree(answer.body()).path("commands")) {
                JsonNode result = command.path("command_result");
                String step = result.path("deploy_step").path("step").asText(
                        result.path("clean_step").path("step").asText(""));
                commands.add(new Command(command.path("command_name").asText(), command.path("command_status").asText(),
                        step));
            }
            return commands;
        } catch (IOException e) {
            return List.of(new Command("(unreadable: " + e.getMessage() + ")", "", ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
