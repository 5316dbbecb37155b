package dev.ferrum.conductor.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.protocol.step.Step;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Converts {@link InternalState} to and from Ironic's {@code driver_internal_info} shape: the same
 * keys IPA-era clients read ({@code agent_url}, {@code deploy_steps}, {@code clean_step_index}, …),
 * plus {@code wait_deadline} and Ferrum's {@code agent_progress} (the running step's latest progress:
 * Ironic treats this dict as the driver's own, clients show it verbatim, so an extra key changes no
 * document shape). The stored form keeps the agent token; the API form masks it.
 */
public final class DriverInternalInfo {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    // Ironic writes naive UTC timestamps with microseconds, e.g. 2026-11-22T02:34:21.251687.
    private static final DateTimeFormatter NAIVE_MICROS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS");

    private DriverInternalInfo() {
    }

    /** The form the API shows: the agent token reads {@value Secrets#MASK}. */
    public static JsonDict render(InternalState state) {
        return JsonDict.of(toJson(state, true));
    }

    /** The form the store keeps, token included. */
    public static ObjectNode toStored(InternalState state) {
        return toJson(state, false);
    }

    private static ObjectNode toJson(InternalState state, boolean maskToken) {
        ObjectNode out = JSON.objectNode();
        state.agentUrl().ifPresent(url -> out.put("agent_url", url.toString()));
        state.agentToken().ifPresent(token -> {
            out.put("agent_secret_token", maskToken ? Secrets.MASK : token.value());
            // Ironic writes the flag only for a token made before boot (virtual media); agents read its absence.
            if (token.pregenerated()) {
                out.put("agent_secret_token_pregenerated", true);
            }
        });
        state.agentVersion().ifPresent(version -> out.put("agent_version", version));
        state.agentLastHeartbeat().ifPresent(at -> out.put("agent_last_heartbeat", timestamp(at)));
        state.stepPlan().ifPresent(plan -> {
            ArrayNode steps = out.putArray(plan.kind().prefix() + "_steps");
            plan.steps().forEach(step -> steps.add(plannedStep(step)));
            // Like Ironic, no index until a step runs (a manual clean's requested steps wait for the agent).
            plan.currentIndex().ifPresent(index -> out.put(plan.kind().prefix() + "_step_index", index));
        });
        state.waitDeadline().ifPresent(at -> out.put("wait_deadline", timestamp(at)));
        state.agentCachedDeploySteps().ifPresent(cached -> putCached(out, StepKind.DEPLOY, cached));
        state.agentCachedCleanSteps().ifPresent(cached -> putCached(out, StepKind.CLEAN, cached));
        // One key, as Ironic keeps it: the versions the agent reported with its latest steps listing.
        if (!state.hardwareManagerVersion().isEmpty()) {
            ObjectNode versions = out.putObject("hardware_manager_version");
            state.hardwareManagerVersion().forEach(versions::put);
        }
        state.lastPowerStateChange().ifPresent(at -> out.put("last_power_state_change", timestamp(at)));
        state.wholeDiskImage().ifPresent(whole -> out.put("is_whole_disk_image", whole));
        state.agentProgress().ifPresent(progress -> out.set("agent_progress", progress.toJson()));
        // Ironic keeps a file path here; Ferrum keeps the certificate itself so every conductor can pin it.
        state.agentVerifyCa().ifPresent(pem -> out.put("agent_verify_ca", pem));
        if (!state.userDeploySteps().isEmpty()) {
            ArrayNode user = out.putArray("user_deploy_steps");
            state.userDeploySteps().forEach(step -> user.add(userStep(step)));
        }
        // Ironic's two flags: the node reboots after a step, and the step it rebooted after is done.
        state.stepReboot().ifPresent(kind -> out.put(rebootKey(kind), true)
                .put("skip_current_" + kind.prefix() + "_step", true));
        return out;
    }

    /** Reads the stored form back; unknown keys are ignored, malformed values are a store defect. */
    public static InternalState fromStored(ObjectNode stored) {
        Optional<AgentToken> token = text(stored, "agent_secret_token").map(value -> new AgentToken(value,
                stored.path("agent_secret_token_pregenerated").asBoolean(false)));
        return new InternalState(text(stored, "agent_url").map(URI::create), token,
                text(stored, "agent_version"), text(stored, "agent_last_heartbeat").map(DriverInternalInfo::instant),
                plan(stored), text(stored, "wait_deadline").map(DriverInternalInfo::instant),
                cached(stored, StepKind.DEPLOY), cached(stored, StepKind.CLEAN),
                text(stored, "last_power_state_change").map(DriverInternalInfo::instant),
                stored.hasNonNull("is_whole_disk_image")
                        ? Optional.of(stored.get("is_whole_disk_image").asBoolean()) : Optional.empty(),
                AgentProgress.fromJson(stored.get("agent_progress")), text(stored, "agent_verify_ca"),
                versions(stored), userSteps(stored), stepReboot(stored));
    }

    /** Ironic's names: {@code cleaning_reboot}, {@code deployment_reboot}, {@code servicing_reboot}. */
    private static String rebootKey(StepKind kind) {
        return switch (kind) {
            case CLEAN -> "cleaning_reboot";
            case DEPLOY -> "deployment_reboot";
            case SERVICE -> "servicing_reboot";
        };
    }

    private static Optional<StepKind> stepReboot(ObjectNode stored) {
        for (StepKind kind : StepKind.values()) {
            if (stored.path(rebootKey(kind)).asBoolean(false)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    private static List<PlannedStep> userSteps(ObjectNode stored) {
        List<PlannedStep> steps = new ArrayList<>();
        stored.path("user_deploy_steps").forEach(step -> steps.add(new PlannedStep(step(step),
                step.path("args").isObject() ? JsonDict.of((ObjectNode) step.get("args")) : JsonDict.empty())));
        return steps;
    }

    /** A user step as Ironic keeps it: the four keys the API accepted. */
    private static ObjectNode userStep(PlannedStep planned) {
        ObjectNode node = JSON.objectNode();
        node.put("interface", planned.step().interfaceName());
        node.put("step", planned.step().step());
        node.set("args", planned.args().toObjectNode());
        node.put("priority", planned.step().priority());
        return node;
    }

    private static Optional<StepPlan> plan(ObjectNode stored) {
        for (StepKind kind : StepKind.values()) {
            JsonNode steps = stored.get(kind.prefix() + "_steps");
            if (steps != null && steps.isArray()) {
                List<PlannedStep> planned = new ArrayList<>();
                steps.forEach(step -> planned.add(new PlannedStep(step(step),
                        step.path("args").isObject() ? JsonDict.of((ObjectNode) step.get("args")) : JsonDict.empty(),
                        step.path("abort_after").asBoolean(false))));
                JsonNode index = stored.get(kind.prefix() + "_step_index");
                return Optional.of(new StepPlan(kind, planned,
                        index == null || index.isNull() ? Optional.empty() : Optional.of(index.asInt())));
            }
        }
        return Optional.empty();
    }

    private static Optional<CachedSteps> cached(ObjectNode stored, StepKind kind) {
        String key = "agent_cached_" + kind.prefix() + "_steps";
        JsonNode byInterface = stored.get(key);
        Optional<String> refreshed = text(stored, key + "_refreshed");
        if (byInterface == null || !byInterface.isObject() || refreshed.isEmpty()) {
            return Optional.empty();
        }
        List<Step> steps = new ArrayList<>();
        byInterface.properties().forEach(entry -> entry.getValue().forEach(step -> steps.add(step(step))));
        return Optional.of(new CachedSteps(steps, versions(stored), instant(refreshed.get())));
    }

    private static Map<String, String> versions(ObjectNode stored) {
        Map<String, String> versions = new TreeMap<>();
        stored.path("hardware_manager_version").properties()
                .forEach(entry -> versions.put(entry.getKey(), entry.getValue().asText()));
        return versions;
    }

    private static void putCached(ObjectNode out, StepKind kind, CachedSteps cached) {
        String key = "agent_cached_" + kind.prefix() + "_steps";
        // Grouped by interface as IPA reports them; sorted so the stored text is stable.
        Map<String, ArrayNode> byInterface = new TreeMap<>();
        cached.steps().forEach(step ->
                byInterface.computeIfAbsent(step.interfaceName(), i -> JSON.arrayNode()).add(step(step)));
        ObjectNode grouped = out.putObject(key);
        byInterface.forEach(grouped::set);
        out.put(key + "_refreshed", timestamp(cached.refreshedAt()));
    }

    /** A planned step as Ironic shows it in {@code deploy_steps} and the node's {@code deploy_step}. */
    public static ObjectNode renderStep(PlannedStep planned) {
        return plannedStep(planned);
    }

    private static ObjectNode plannedStep(PlannedStep planned) {
        ObjectNode node = step(planned.step());
        node.set("args", planned.args().toObjectNode());
        if (planned.abortAfter()) {
            node.put("abort_after", true);
        }
        return node;
    }

    private static ObjectNode step(Step step) {
        ObjectNode node = JSON.objectNode();
        node.put("step", step.step());
        node.put("priority", step.priority());
        node.put("interface", step.interfaceName());
        node.put("reboot_requested", step.rebootRequested());
        node.put("abortable", step.abortable());
        node.set("argsinfo", step.argsinfo().deepCopy());
        return node;
    }

    private static Step step(JsonNode node) {
        return new Step(node.path("step").asText(), node.path("priority").asInt(0),
                node.path("interface").asText("deploy"), node.path("reboot_requested").asBoolean(false),
                node.path("abortable").asBoolean(false),
                node.path("argsinfo").isObject() ? ((ObjectNode) node.get("argsinfo")).deepCopy() : JSON.objectNode());
    }

    private static Optional<String> text(ObjectNode node, String key) {
        JsonNode value = node.get(key);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
    }

    /** Ironic's timestamp form: naive UTC with microseconds. */
    public static String timestamp(Instant at) {
        return NAIVE_MICROS.format(LocalDateTime.ofInstant(at, ZoneOffset.UTC));
    }

    /** Accepts both Ironic's naive UTC form and ISO-8601 with an offset. */
    public static Instant instant(String text) {
        // The naive form first: it is what the store holds, and a failed parse costs an exception.
        try {
            return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException withOffset) {
            return OffsetDateTime.parse(text).toInstant();
        }
    }
}
