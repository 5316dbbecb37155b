package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A ramdisk agent API on loopback that answers the conductor's commands as ironic-python-agent does in
 * the wire samples: steps lists at once, {@code execute_*_step} RUNNING until the next listing, then
 * SUCCEEDED (or FAILED with {@link #failWriteImage}). It checks the token on every request.
 */
final class FakeAgent implements AutoCloseable {
    private final ObjectMapper json = WireJson.newMapper();
    private final WebServer server;
    private final List<ObjectNode> commands = new CopyOnWriteArrayList<>();
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final List<String> bearerTokens = new CopyOnWriteArrayList<>();
    private volatile Optional<String> token = Optional.empty();
    private volatile Optional<String> writeImageError = Optional.empty();
    private volatile Optional<String> cleanStepError = Optional.empty();
    private volatile Optional<String> rescueError = Optional.empty();
    private final java.util.Map<String, JsonNode> cleanResults = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile boolean mismatchOnce;
    private volatile Optional<ObjectNode> partitionUuids = Optional.empty();
    private volatile Optional<String> bootloaderError = Optional.empty();
    private volatile boolean readsBearerTokens;
    private final List<String> queryTokens = new CopyOnWriteArrayList<>();
    /** Method and path of every request, in arrival order (the root document and the token-checked ones). */
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger rootReads = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.Queue<ObjectNode> stepProgress = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private final boolean https;
    private final List<ObjectNode> extraDeploySteps = new CopyOnWriteArrayList<>();
    private final List<ObjectNode> extraCleanSteps = new CopyOnWriteArrayList<>();
    private final java.util.Map<String, JsonNode> deployResults = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Set<String> rebootingCleanSteps = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** How {@code GET /v1/commands/<id>?wait=true} answers; until {@link #answerWaits} it is unrouted, as before. */
    private volatile Optional<WaitAnswer> waitAnswer = Optional.empty();
    private final List<String> awaited = new CopyOnWriteArrayList<>();

    /** What a {@code ?wait=true} read of one command does: finish it (as IPA's join does) or stop waiting first. */
    enum WaitAnswer { FINISHED, STILL_RUNNING }

    FakeAgent() {
        this(Optional.empty());
    }

    /** An agent serving HTTPS with {@code tls} (its own certificate), as an auto-TLS IPA does; plain HTTP if empty. */
    FakeAgent(Optional<javax.net.ssl.SSLContext> tls) {
        var builder = WebServer.builder().host("127.0.0.1").port(0);
        tls.ifPresent(context -> builder.tls(t -> t.sslContext(context)));
        server = builder.routing(r -> r
                .get("/", this::root)
                .post("/v1/commands", this::run).post("/v1/commands/", this::run)
                .get("/v1/commands", this::list).get("/v1/commands/", this::list)
                .get("/v1/commands/{id}", this::one)).build().start();
        https = tls.isPresent();
    }

    String url() {
        return (https ? "https" : "http") + "://127.0.0.1:" + server.port();
    }

    /** From now on this agent behaves as Ferrum's: it announces and reads a bearer token, not the query. */
    void readBearerTokens() {
        readsBearerTokens = true;
    }

    /** Whether this agent reads a bearer token (and so says so on its heartbeats, as Ferrum's agent does). */
    boolean readsBearerTokens() {
        return readsBearerTokens;
    }

    /** Method and path of each request the conductor made, oldest first. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    /** How many times the conductor read the agent's root document ({@code GET /}). */
    int rootReads() {
        return rootReads.get();
    }

    /** Every {@code agent_token} query parameter the conductor sent. */
    List<String> queryTokens() {
        return List.copyOf(queryTokens);
    }

    void token(String issued) {
        token = Optional.of(issued);
    }

    /** What {@code get_partition_uuids} answers from now on ({} until then, as for a whole disk). */
    void reportPartitionUuids(ObjectNode uuids) {
        partitionUuids = Optional.of(uuids.deepCopy());
    }

    /** Makes {@code install_bootloader} fail with {@code message}, as IPA does when grub-install fails. */
    void failBootloader(String message) {
        bootloaderError = Optional.of(message);
    }

    void failWriteImage(String message) {
        writeImageError = Optional.of(message);
    }

    /** Every clean step ends FAILED with {@code message}, as IPA reports a step that raised. */
    /** Makes clean step {@code step} finish with {@code result} as its clean_result. */
    void cleanResult(String step, JsonNode result) {
        cleanResults.put(step, result);
    }

    /** {@code rescue.finalize_rescue} ends FAILED with {@code details}, as IPA reports a password it cannot write. */
    void failFinalizeRescue(String details) {
        rescueError = Optional.of(details);
    }

    void failCleanSteps(String message) {
        cleanStepError = Optional.of(message);
    }

    /**
     * The next listings show the running deploy or clean step with these progress reports as its
     * command_result (as Ferrum's agent publishes them), one per listing, before the step finishes.
     */
    void reportStepProgress(List<ObjectNode> reports) {
        stepProgress.addAll(reports);
    }

    /** The next clean step answers CLEAN_VERSION_MISMATCH, as IPA does after its managers changed. */
    void mismatchNextCleanStep() {
        mismatchOnce = true;
    }

    /** {@code get_deploy_steps} also lists {@code step} (under another hardware manager, as a vendor's would be). */
    void offerDeployStep(ObjectNode step) {
        extraDeploySteps.add(step);
    }

    /** {@code get_clean_steps} also lists {@code step} (a RAID step, say) under the generic manager. */
    void offerCleanStep(ObjectNode step) {
        extraCleanSteps.add(step);
    }

    /** Makes deploy step {@code step} finish with {@code result} as its deploy_result. */
    void deployResult(String step, JsonNode result) {
        deployResults.put(step, result);
    }

    /** {@code get_clean_steps} lists clean step {@code step} with {@code reboot_requested}. */
    void rebootAfterCleanStep(String step) {
        rebootingCleanSteps.add(step);
    }

    /** From now on {@code GET /v1/commands/<id>?wait=true} answers as {@code answer} says (404 until then). */
    void answerWaits(WaitAnswer answer) {
        waitAnswer = Optional.of(answer);
    }

    /** The ids of the commands the conductor read with {@code ?wait=true}. */
    List<String> awaited() {
        return List.copyOf(awaited);
    }

    /** The ramdisk rebooted: a fresh agent remembers no commands and has no token until it looks up. */
    void restart() {
        commands.clear();
        token = Optional.empty();
    }

    /** The commands the conductor sent, as {@code {name, params}} bodies. */
    List<JsonNode> received() {
        return List.copyOf(received);
    }

    List<String> receivedNames() {
        return received.stream().map(c -> c.path("name").asText()).toList();
    }

    List<String> bearerTokens() {
        return List.copyOf(bearerTokens);
    }

    private void root(ServerRequest req, ServerResponse res) {
        rootReads.incrementAndGet();
        requests.add("GET /");
        if (readsBearerTokens) {
            res.header(dev.ferrum.protocol.api.ApiHeaders.AGENT_TOKEN_TRANSPORT, dev.ferrum.protocol.api.ApiHeaders.BEARER);
        }
        res.send("{\"name\": \"OpenStack Ironic Python Agent API\"}");
    }

    private boolean authorised(ServerRequest req, ServerResponse res) {
        requests.add(req.prologue().method().text() + " " + req.path().path());
        req.headers().first(HeaderNames.AUTHORIZATION).ifPresent(bearerTokens::add);
        req.query().first("agent_token").asOptional().ifPresent(queryTokens::add);
        Optional<String> sent = readsBearerTokens
                ? req.headers().first(HeaderNames.AUTHORIZATION).map(h -> h.replaceFirst("^Bearer ", ""))
                : req.query().first("agent_token").asOptional();
        if (token.isEmpty() || !sent.equals(token)) {
            res.status(Status.UNAUTHORIZED_401).send("{\"message\": \"bad token\"}");
            return false;
        }
        return true;
    }

    private void run(ServerRequest req, ServerResponse res) {
        if (!authorised(req, res)) {
            return;
        }
        JsonNode body;
        try {
            body = json.readTree(req.content().as(String.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        received.add(body);
        String name = body.path("name").asText();
        String bare = name.substring(name.indexOf('.') + 1);
        ObjectNode command = json.createObjectNode();
        command.put("id", UUID.randomUUID().toString()).put("command_name", bare);
        command.putNull("command_error");
        switch (name) {
            case "deploy.get_deploy_steps" -> {
                ObjectNode result = command.put("command_status", "SUCCEEDED").putObject("command_result");
                ArrayNode steps = result.putObject("deploy_steps").putArray("GenericHardwareManager");
                steps.addObject().put("step", "erase_devices_metadata").put("priority", 0)
                        .put("interface", "deploy").put("reboot_requested", false);
                if (!extraDeploySteps.isEmpty()) {
                    ArrayNode vendor = ((ObjectNode) result.get("deploy_steps")).putArray("AcmeHardwareManager");
                    extraDeploySteps.forEach(vendor::add);
                }
                result.putObject("hardware_manager_version").put("generic_hardware_manager", "1.2");
            }
            case "clean.get_clean_steps" -> {
                ObjectNode result = command.put("command_status", "SUCCEEDED").putObject("command_result");
                ArrayNode steps = result.putObject("clean_steps").putArray("GenericHardwareManager");
                steps.addObject().put("step", "erase_devices").put("priority", 10).put("interface", "deploy")
                        .put("reboot_requested", false).put("abortable", true);
                steps.addObject().put("step", "erase_devices_metadata").put("priority", 99).put("interface", "deploy")
                        .put("reboot_requested", false).put("abortable", true);
                steps.addObject().put("step", "erase_devices_express").put("priority", 0).put("interface", "deploy")
                        .put("reboot_requested", false).put("abortable", true);
                extraCleanSteps.forEach(steps::add);
                steps.forEach(step -> ((ObjectNode) step).put("reboot_requested",
                        rebootingCleanSteps.contains(step.path("step").asText())));
                result.putObject("hardware_manager_version").put("generic_hardware_manager", "1.2");
            }
            case "service.get_service_steps" -> {
                // IPA's service extension; burnin_cpu stands for a step that may not be interrupted.
                ObjectNode result = command.put("command_status", "SUCCEEDED").putObject("command_result");
                ArrayNode steps = result.putObject("service_steps").putArray("GenericHardwareManager");
                steps.addObject().put("step", "delete_configuration").put("priority", 0).put("interface", "raid")
                        .put("reboot_requested", false).put("abortable", true);
                steps.addObject().put("step", "burnin_cpu").put("priority", 0).put("interface", "deploy")
                        .put("reboot_requested", false).put("abortable", false);
                result.putObject("hardware_manager_version").put("generic_hardware_manager", "1.2");
            }
            case "service.execute_service_step" -> {
                command.put("command_status", "RUNNING").putNull("command_result");
                command.set("command_params", body.path("params"));
            }
            case "clean.execute_clean_step" -> {
                if (mismatchOnce) {
                    mismatchOnce = false;
                    command.put("command_status", "CLEAN_VERSION_MISMATCH").putNull("command_result");
                } else {
                    command.put("command_status", "RUNNING").putNull("command_result");
                    command.set("command_params", body.path("params"));
                }
            }
            case "deploy.execute_deploy_step" -> {
                command.put("command_status", "RUNNING").putNull("command_result");
                command.set("command_params", body.path("params"));
            }
            case "standby.get_partition_uuids" -> command.put("command_status", "SUCCEEDED")
                    .set("command_result", partitionUuids.map(ObjectNode::deepCopy).orElseGet(json::createObjectNode));
            case "image.install_bootloader" -> {
                if (bootloaderError.isPresent()) {
                    command.put("command_status", "FAILED").putNull("command_result");
                    command.putObject("command_error").put("type", "CommandExecutionError").put("code", 500)
                            .put("message", "Command execution failed").put("details", bootloaderError.get());
                } else {
                    command.put("command_status", "SUCCEEDED").putNull("command_result");
                }
            }
            case "standby.sync" -> command.put("command_status", "SUCCEEDED").putNull("command_result");
            case "rescue.finalize_rescue" -> {
                if (rescueError.isPresent()) {
                    command.put("command_status", "FAILED").putNull("command_result");
                    command.putObject("command_error").put("type", "CommandExecutionError").put("code", 500)
                            .put("message", "Command execution failed").put("details", rescueError.get());
                } else {
                    command.put("command_status", "SUCCEEDED").putNull("command_result");
                }
            }
            default -> {
                res.status(Status.NOT_FOUND_404).send("{\"message\": \"unknown command " + name + "\"}");
                return;
            }
        }
        commands.add(command);
        send(res, command);
    }

    /** Listing finishes whatever was running, as if the step ended between two heartbeats. */
    private void list(ServerRequest req, ServerResponse res) {
        if (!authorised(req, res)) {
            return;
        }
        for (ObjectNode command : commands) {
            if (command.path("command_status").asText().equals("RUNNING")) {
                ObjectNode progress = command.path("command_name").asText().startsWith("execute_")
                        ? stepProgress.poll() : null;
                if (progress != null) {
                    command.set("command_result", progress);
                } else {
                    finish(command);
                }
            }
        }
        ObjectNode answer = json.createObjectNode();
        ArrayNode list = answer.putArray("commands");
        commands.forEach(list::add);
        send(res, answer);
    }

    private void one(ServerRequest req, ServerResponse res) {
        if (waitAnswer.isEmpty()) {
            res.status(Status.NOT_FOUND_404).send("{\"message\": \"not found\"}");
            return;
        }
        if (!authorised(req, res)) {
            return;
        }
        String id = req.path().pathParameters().get("id");
        Optional<ObjectNode> command = commands.stream().filter(c -> c.path("id").asText().equals(id)).findFirst();
        if (command.isEmpty()) {
            res.status(Status.NOT_FOUND_404).send("{\"message\": \"no command " + id + "\"}");
            return;
        }
        if (req.query().first("wait").asOptional().filter("true"::equals).isPresent()) {
            awaited.add(id);
            if (waitAnswer.get() == WaitAnswer.FINISHED && command.get().path("command_status").asText().equals("RUNNING")) {
                finish(command.get());
            }
        }
        send(res, command.get());
    }

    private void finish(ObjectNode command) {
        JsonNode step = command.path("command_params").path("step");
        if (command.path("command_name").asText().equals("execute_deploy_step") && writeImageError.isPresent()) {
            command.put("command_status", "FAILED").putNull("command_result");
            command.putObject("command_error").put("type", "ImageWriteError").put("code", 500)
                    .put("message", "Error writing image to device").put("details", writeImageError.get());
            return;
        }
        if (command.path("command_name").asText().equals("execute_clean_step") && cleanStepError.isPresent()) {
            command.put("command_status", "FAILED").putNull("command_result");
            command.putObject("command_error").put("type", "CleaningError").put("code", 500)
                    .put("message", "Clean step failed").put("details", cleanStepError.get());
            return;
        }
        command.put("command_status", "SUCCEEDED");
        ObjectNode result = command.putObject("command_result");
        String name = command.path("command_name").asText();
        String kind = name.contains("clean") ? "clean" : name.contains("service") ? "service" : "deploy";
        JsonNode scripted = (kind.equals("clean") ? cleanResults : deployResults).get(step.path("step").asText());
        if (scripted != null) {
            result.set(kind + "_result", scripted);
        } else {
            result.putNull(kind + "_result");
        }
        result.set(kind + "_step", step);
    }

    private void send(ServerResponse res, JsonNode body) {
        try {
            res.headers().contentType(io.helidon.common.media.type.MediaTypes.APPLICATION_JSON);
            res.send(json.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The clean steps the conductor ran, in order. */
    List<String> stepsRun(String command) {
        List<String> steps = new ArrayList<>();
        for (JsonNode c : received) {
            if (c.path("name").asText().equals(command)) {
                steps.add(c.path("params").path("step").path("step").asText());
            }
        }
        return steps;
    }

    @Override
    public void close() {
        server.stop();
    }
}
