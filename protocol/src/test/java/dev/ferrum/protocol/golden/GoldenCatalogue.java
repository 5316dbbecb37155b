package dev.ferrum.protocol.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.api.AgentV1Document;
import dev.ferrum.protocol.api.ApiRoot;
import dev.ferrum.protocol.api.IronicV1Document;
import dev.ferrum.protocol.command.AgentNode;
import dev.ferrum.protocol.command.AgentPort;
import dev.ferrum.protocol.command.AgentStatus;
import dev.ferrum.protocol.command.CommandList;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.error.ErrorBodies;
import dev.ferrum.protocol.golden.Exchange.Peer;
import dev.ferrum.protocol.heartbeat.HeartbeatRequest;
import dev.ferrum.protocol.heartbeat.LegacyHeartbeatRequest;
import dev.ferrum.protocol.image.ImageInfo;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.ContinueResponse;
import dev.ferrum.protocol.inspection.IntrospectionList;
import dev.ferrum.protocol.inspection.IntrospectionStatus;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.protocol.lookup.LegacyLookupRequest;
import dev.ferrum.protocol.lookup.LegacyLookupResponse;
import dev.ferrum.protocol.lookup.LookupResponse;
import dev.ferrum.protocol.step.CleanStepResult;
import dev.ferrum.protocol.step.CleanStepsResult;
import dev.ferrum.protocol.step.DeployStepResult;
import dev.ferrum.protocol.step.DeployStepsResult;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.StepListParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Decides, for every JSON body in the wire samples, which protocol record models it, and records
 * the bodies no record models together with the reason. Nested documents (a command's params, its
 * result, a step's image_info) become cases of their own so each record is checked in isolation.
 */
final class GoldenCatalogue {
    /**
     * Hand-written bodies for shapes the captured traffic lacks (failures, discoverd, the legacy
     * agent-driver API, partition images); each names its source in the file.
     */
    static final List<String> FIXTURES = List.of(
            "command-result-failed.json",
            "command-result-version-mismatch.json",
            "command-result-with-params.json",
            "discoverd-continue.json",
            "discoverd-continue-error.json",
            "discoverd-status.json",
            "discoverd-continue-response.json",
            "heartbeat-with-status.json",
            "legacy-lookup-request.json",
            "legacy-lookup-response.json",
            "legacy-heartbeat.json",
            "image-info-partition.json");
    private static final Map<String, Class<?>> FIXTURE_MODELS = Map.of(
            "CommandResult", CommandResult.class,
            "IntrospectionStatus", IntrospectionStatus.class,
            "ContinueResponse", ContinueResponse.class,
            "HeartbeatRequest", HeartbeatRequest.class,
            "LegacyLookupRequest", LegacyLookupRequest.class,
            "LegacyLookupResponse", LegacyLookupResponse.class,
            "LegacyHeartbeatRequest", LegacyHeartbeatRequest.class,
            "ImageInfo", ImageInfo.class);

    private final ObjectMapper mapper = WireJson.newMapper();
    private final ErrorBodies errors = new ErrorBodies(mapper);
    private final WireSamples samples = new WireSamples();
    private final List<GoldenCase> cases = new ArrayList<>();
    private final List<String> unmodelled = new ArrayList<>();

    GoldenCatalogue() {
        for (Exchange exchange : samples.all()) {
            exchange.requestBody().ifPresent(body -> request(exchange, body));
            exchange.responseBody().ifPresent(body -> response(exchange, body));
        }
        add("ipa-inventory.json", Inventory.class, samples.json("ipa-inventory.json"));
        add("inspector-stored-data.json", "ContinueBody", samples.json("inspector-stored-data.json"),
                body -> ContinueBody.parse(mapper, body));
        for (String name : FIXTURES) {
            JsonNode fixture = samples.fixture(name);
            String model = fixture.get("model").asText();
            if (model.equals("ContinueBody")) {
                add("fixtures/" + name, model, fixture.get("body"), body -> ContinueBody.parse(mapper, body));
            } else {
                add("fixtures/" + name, FIXTURE_MODELS.get(model), fixture.get("body"));
            }
        }
    }

    List<GoldenCase> cases() {
        return List.copyOf(cases);
    }

    /** "label: reason" for every body no record models. */
    List<String> unmodelled() {
        return List.copyOf(unmodelled);
    }

    WireSamples samples() {
        return samples;
    }

    private void request(Exchange exchange, JsonNode body) {
        String name = exchange.label() + " request";
        String route = exchange.route();
        if (exchange.peer() == Peer.AGENT && route.equals("/v1/commands")) {
            add(name, CommandRequest.class, body);
            commandParams(name, body);
        } else if (route.startsWith("/v1/heartbeat/")) {
            add(name, HeartbeatRequest.class, body);
        } else if (route.equals("/v1/continue")) {
            add(name, "ContinueBody", body, tree -> ContinueBody.parse(mapper, tree));
        } else {
            unmodelled.add(name + ": Ironic REST resource request (conductor API, not a protocol record)");
        }
    }

    private void response(Exchange exchange, JsonNode body) {
        String name = exchange.label() + " response " + exchange.status();
        String route = exchange.route();
        if (exchange.status() >= 400) {
            add(name, "Fault", body, tree -> errors.body(errors.read(exchange.status(), tree),
                    ErrorBodies.dialectOf(tree).orElseThrow()));
        } else if (route.equals("/")) {
            add(name, ApiRoot.class, body);
        } else if (route.equals("/v1")) {
            add(name, exchange.peer() == Peer.AGENT ? AgentV1Document.class : IronicV1Document.class, body);
        } else if (route.equals("/v1/lookup")) {
            add(name, LookupResponse.class, body);
        } else if (exchange.peer() == Peer.AGENT && route.equals("/v1/status")) {
            add(name, AgentStatus.class, body);
        } else if (exchange.peer() == Peer.AGENT && route.equals("/v1/commands") && exchange.method().equals("GET")) {
            add(name, CommandList.class, body);
            for (int i = 0; i < body.get("commands").size(); i++) {
                commandResult(name + " commands[" + i + "]", body.get("commands").get(i));
            }
        } else if (exchange.peer() == Peer.AGENT && route.startsWith("/v1/commands")) {
            add(name, CommandResult.class, body);
            commandResult(name, body);
        } else if (route.equals("/v1/continue")) {
            add(name, ContinueResponse.class, body);
        } else if (route.equals("/v1/introspection")) {
            add(name, IntrospectionList.class, body);
        } else if (route.startsWith("/v1/introspection/")) {
            add(name, IntrospectionStatus.class, body);
        } else {
            unmodelled.add(name + ": Ironic REST resource response (conductor API, not a protocol record)");
        }
    }

    private void commandParams(String name, JsonNode request) {
        String command = request.get("name").asText();
        JsonNode params = request.get("params");
        if (params.has("node")) {
            add(name + " params.node", AgentNode.class, params.get("node"));
            for (int i = 0; i < params.path("ports").size(); i++) {
                add(name + " params.ports[" + i + "]", AgentPort.class, params.get("ports").get(i));
            }
        }
        switch (command) {
            case "clean.get_clean_steps", "deploy.get_deploy_steps" ->
                    add(name + " params", StepListParams.class, params);
            case "clean.execute_clean_step", "deploy.execute_deploy_step" -> {
                add(name + " params", ExecuteStepParams.class, params);
                stepArgs(name + " params.step.args", params.get("step"));
            }
            default -> {
                // Commands without parameters ({}) have nothing beyond CommandRequest to check.
            }
        }
    }

    private void commandResult(String name, JsonNode result) {
        JsonNode value = result.get("command_result");
        if (value == null || value.isNull()) {
            return;
        }
        switch (result.get("command_name").asText()) {
            case "get_clean_steps" -> add(name + " command_result", CleanStepsResult.class, value);
            case "get_deploy_steps" -> add(name + " command_result", DeployStepsResult.class, value);
            case "execute_clean_step" -> add(name + " command_result", CleanStepResult.class, value);
            case "execute_deploy_step" -> {
                add(name + " command_result", DeployStepResult.class, value);
                stepArgs(name + " command_result.deploy_step.args", value.get("deploy_step"));
            }
            default -> {
                // Results of other commands are free-form dicts, modelled as JsonNode on purpose.
            }
        }
    }

    private void stepArgs(String name, JsonNode step) {
        JsonNode args = step.get("args");
        if (args != null && args.has("image_info")) {
            add(name, WriteImageArgs.class, args);
            add(name + ".image_info", ImageInfo.class, args.get("image_info"));
        }
    }

    private void add(String name, Class<?> type, JsonNode body) {
        add(name, type.getSimpleName(), body, tree -> WireJson.convert(mapper, tree, type));
    }

    private void add(String name, String model, JsonNode body, Function<JsonNode, Object> read) {
        cases.add(new GoldenCase(name, model, body, read));
    }
}
