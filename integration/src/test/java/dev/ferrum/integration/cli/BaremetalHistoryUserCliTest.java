package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import at.favre.lib.crypto.bcrypt.BCrypt;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.auth.UserDirectory;
import dev.ferrum.conductor.cli.ConductorServer;
import java.nio.file.Files;
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
 * Who did it, through the stock CLI against a conductor with {@code http_basic}: {@code node history get} names the
 * user whose request recorded the entry (issue 14), as Ironic's history carries the request's user.
 */
class BaremetalHistoryUserCliTest {
    private static final String PASSWORD = "s3cret-pass";

    private final ObjectMapper json = new ObjectMapper();
    private ConductorServer conductor;
    private String api;

    @TempDir
    Path temp;

    @BeforeEach
    void start() throws Exception {
        BaremetalCli.requireInstalled();
        String hash = BCrypt.with(BCrypt.Version.VERSION_2Y).hashToString(4, PASSWORD.toCharArray());
        Path users = Files.writeString(temp.resolve("htpasswd"), "carol:" + hash + "\ndave:" + hash + "\n");
        Path roles = Files.writeString(temp.resolve("roles"), "carol system admin\ndave system admin\n");
        conductor = BaremetalCli.startConductor(temp, true, new ApiAuth.HttpBasic(new UserDirectory(users, roles)));
        api = BaremetalCli.endpoint(conductor);
    }

    @AfterEach
    void stop() {
        if (conductor != null) {
            conductor.close();
        }
    }

    private BaremetalCli as(String user) {
        return new BaremetalCli(api, Duration.ofMinutes(2), List.of("--os-auth-type", "http_basic",
                "--os-username", user, "--os-password", PASSWORD));
    }

    private JsonNode cliJson(String user, String... args) throws Exception {
        List<String> withFormat = new ArrayList<>(Arrays.asList(args));
        withFormat.addAll(List.of("-f", "json"));
        BaremetalCli.Run run = as(user).run(withFormat.toArray(String[]::new));
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()).isZero();
        return json.readTree(run.output());
    }

    @Test
    void historyGetNamesTheUserWhoAsked() throws Exception {
        cliJson("carol", "node", "create", "--driver", "fake-hardware", "--name", "audited");
        BaremetalCli.Run power = as("dave").run("node", "power", "on", "audited");
        assertThat(power.exit()).as(power.output()).isZero();

        String entry = "";
        for (JsonNode row : cliJson("carol", "node", "history", "list", "audited")) {
            if (row.path("Description of the event").asText().startsWith("Power action")) {
                entry = row.path("UUID").asText();
            }
        }
        assertThat(entry).as("the power action's history entry").isNotEmpty();
        JsonNode shown = cliJson("carol", "node", "history", "get", "audited", entry);
        assertThat(shown.path("user").asText()).isEqualTo("dave");
        assertThat(shown.path("event_type").asText()).isEqualTo("power");

        BaremetalCli.Run anonymous = new BaremetalCli(api, Duration.ofMinutes(2)).run("node", "history", "get",
                "audited", entry);
        assertThat(anonymous.exit()).as("without credentials: " + anonymous.output()).isNotZero();
    }
}
