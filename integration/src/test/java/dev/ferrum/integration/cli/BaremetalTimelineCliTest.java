package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.cli.ConductorServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node timeline through the stock {@code baremetal} CLI: {@code node history list [--long]} and
 * {@code node history get} show power actions and maintenance changes beside the provision transitions, in
 * Ironic's record shape (the CLI knows nothing of Ferrum's extra fields and must not trip over them).
 */
class BaremetalTimelineCliTest {
    private final ObjectMapper json = new ObjectMapper();
    private ConductorServer conductor;
    private String api;

    @TempDir
    Path temp;

    @BeforeEach
    void start() throws Exception {
        BaremetalCli.requireInstalled();
        conductor = BaremetalCli.startConductor(temp, true);
        api = BaremetalCli.endpoint(conductor);
    }

    @AfterEach
    void stop() {
        if (conductor != null) {
            conductor.close();
        }
    }

    private JsonNode cliJson(String... args) throws Exception {
        List<String> withFormat = new ArrayList<>(Arrays.asList(args));
        withFormat.addAll(List.of("-f", "json"));
        BaremetalCli.Run run = new BaremetalCli(api, Duration.ofMinutes(2)).run(withFormat.toArray(String[]::new));
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()).isZero();
        return json.readTree(run.output());
    }

    private void cli(String... args) throws Exception {
        BaremetalCli.Run run = new BaremetalCli(api, Duration.ofMinutes(2)).run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()).isZero();
    }

    @Test
    void historyShowsPowerMaintenanceAndTransitions() throws Exception {
        cliJson("node", "create", "--driver", "fake-hardware", "--name", "watched", "--deploy-interface", "fake");
        cli("node", "manage", "watched", "--wait", "60");
        cli("node", "power", "on", "watched");
        cli("node", "maintenance", "set", "watched", "--reason", "disk swap");
        cli("node", "maintenance", "unset", "watched");

        JsonNode history = cliJson("node", "history", "list", "watched");
        List<String> events = new ArrayList<>();
        history.forEach(row -> events.add(row.path("Description of the event").asText()));
        assertThat(events).anySatisfy(e -> assertThat(e).contains("enroll -> verifying"));
        assertThat(events).anySatisfy(e -> assertThat(e).contains("Power action 'power on' done"));
        assertThat(events).anySatisfy(e -> assertThat(e).isEqualTo("Maintenance set: disk swap"));
        assertThat(events).anySatisfy(e -> assertThat(e).startsWith("Maintenance cleared"));

        JsonNode detailed = cliJson("node", "history", "list", "watched", "--long");
        assertThat(detailed.toString()).contains("\"power\"", "\"maintenance\"", "\"provisioning\"");

        String power = "";
        for (JsonNode row : history) {
            if (row.path("Description of the event").asText().startsWith("Power action")) {
                power = row.path("UUID").asText();
            }
        }
        JsonNode shown = cliJson("node", "history", "get", "watched", power);
        assertThat(shown.path("uuid").asText()).isEqualTo(power);
        assertThat(shown.path("event_type").asText()).isEqualTo("power");
        assertThat(shown.path("severity").asText()).isEqualTo("INFO");
    }
}
