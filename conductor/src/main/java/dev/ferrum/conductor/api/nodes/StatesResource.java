package dev.ferrum.conductor.api.nodes;

import dev.ferrum.conductor.api.BodyFields;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.actions.InterfaceValidation;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.management.OwnerCalls;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.configdrive.ConfigDriveRequests;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.state.ProvisionStateMachine;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A node's states and the actions on them: {@code /states}, {@code /states/provision},
 * {@code /states/power}, {@code /validate}, {@code /maintenance} and {@code /management/boot_device}.
 * Requests are checked here (shape, microversion, verb allowed in the node's state); the work is
 * {@link NodeActions}', and the boot device actions run on the node's ring owner ({@link OwnerCalls}).
 */
public final class StatesResource implements HttpService {
    private static final String NODE = "/v1/nodes/{ident}";

    private final Store store;
    private final NodeActions actions;
    private final ProvisionStateMachine machine;
    private final Endpoints endpoints;
    private final OwnerCalls owner;

    /** @param owner runs the boot device actions on the node's ring owner, which talks to its BMC */
    public StatesResource(Store store, NodeActions actions, Endpoints endpoints, OwnerCalls owner) {
        this.store = store;
        this.actions = actions;
        this.machine = store.stateMachine();
        this.endpoints = endpoints;
        this.owner = owner;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(NODE + "/states", endpoints.operator(this::states))
                .any(NODE + "/states", endpoints.methodNotAllowed())
                .put(NODE + "/states/provision", endpoints.operator(this::provision))
                .any(NODE + "/states/provision", endpoints.methodNotAllowed())
                .put(NODE + "/states/power", endpoints.operator(this::power))
                .any(NODE + "/states/power", endpoints.methodNotAllowed())
                .get(NODE + "/validate", endpoints.operator(this::validate))
                .any(NODE + "/validate", endpoints.methodNotAllowed())
                .put(NODE + "/maintenance", endpoints.operator(call -> maintenance(call, true)))
                .delete(NODE + "/maintenance", endpoints.operator(call -> maintenance(call, false)))
                .any(NODE + "/maintenance", endpoints.methodNotAllowed())
                .put(NODE + "/management/boot_device", endpoints.operator(this::setBootDevice))
                .get(NODE + "/management/boot_device", endpoints.operator(this::bootDevice))
                .any(NODE + "/management/boot_device", endpoints.methodNotAllowed())
                .get(NODE + "/management/boot_device/supported", endpoints.operator(this::supported))
                .any(NODE + "/management/boot_device/supported", endpoints.methodNotAllowed());
    }

    private Node node(ApiCall call) {
        return store.nodes().getByIdent(call.pathParam("ident"));
    }

    private String statesUrl(ApiCall call, Node node) {
        return call.baseUrl() + "/v1/nodes/" + node.uuid() + "/states";
    }

    private void states(ApiCall call) {
        Node node = node(call);
        ObjectNode out = call.mapper().createObjectNode();
        NodeHardware hardware = store.hardware().get(node.uuid());
        out.put("console_enabled", hardware.consoleEnabled());
        out.put("last_error", node.lastError().orElse(null));
        out.put("power_state", node.powerState().map(PowerState::wireName).orElse(null));
        out.put("provision_state", NodeView.provisionState(call, node.provisionState()).orElse(null));
        out.put("target_power_state", node.targetPowerState().map(PowerState::wireName).orElse(null));
        out.put("target_provision_state", node.targetProvisionState().map(s -> s.wireName()).orElse(null));
        out.put("provision_updated_at", node.provisionUpdatedAt().map(ApiTimes::format).orElse(null));
        if (call.atLeast(1, 12)) {
            out.set("raid_config", hardware.raidConfig().toObjectNode());
            out.set("target_raid_config", hardware.targetRaidConfig().toObjectNode());
        }
        if (call.atLeast(1, 75)) {
            out.put("boot_mode", node.attributes().bootMode().orElse(null));
            out.put("secure_boot", node.attributes().secureBoot().orElse(null));
        }
        call.json(200, out);
    }

    private void provision(ApiCall call) {
        ObjectNode body = call.bodyObject();
        String target = BodyFields.text(body, "target").orElseThrow(() -> new InvalidInputException(
                "Mandatory field missing: \"target\" (e.g. manage, provide, active, deleted)."));
        ProvisionEvent verb = ProvisionEvent.fromApiTarget(target).filter(ProvisionEvent::isApiVerb)
                .map(v -> notAcceptableBelowItsVersion(call, v))
                .filter(v -> availableAt(call, target))
                .orElseThrow(() -> new InvalidInputException("\"" + target + "\" is not a valid provision target at"
                        + " API version " + call.version() + "."));
        Node node = node(call);
        if (machine.next(node.provisionState(), verb).isEmpty()) {
            throw new InvalidStateException("The requested action \"" + target + "\" can not be performed on node \""
                    + node.uuid() + "\" while it is in state \"" + node.provisionState() + "\".");
        }
        if (verb == ProvisionEvent.ABORT) {
            refuseAbortBelowItsVersion(call, node.provisionState());
        }
        if (verb == ProvisionEvent.UNDEPLOY || verb == ProvisionEvent.REBUILD) {
            NodeProtection.refuseIfProtected(node);
        }
        if (verb == ProvisionEvent.PROVIDE && node.attributes().retired()) {
            throw new InvalidInputException("The providing operation can't be performed on node " + node.uuid()
                    + " because it is retired.");
        }
        // An empty object is no config drive, as in Ironic (it checks and stores only a non-empty one).
        Optional<JsonNode> configdrive = Optional.ofNullable(body.get("configdrive")).filter(c -> !c.isNull())
                .filter(c -> !(c.isObject() && c.isEmpty()));
        if (configdrive.isPresent()) {
            if (verb != ProvisionEvent.DEPLOY && verb != ProvisionEvent.REBUILD) {
                throw new InvalidInputException("Adding a config drive is only supported when setting provision state"
                        + " to active or rebuild.");
            }
            ConfigDriveRequests.check(configdrive.get(), call.atLeast(1, 56), call.atLeast(1, 59));
        }
        List<JsonNode> cleanSteps = steps(body, "clean_steps");
        if (verb == ProvisionEvent.CLEAN && cleanSteps.isEmpty()) {
            throw new InvalidInputException("\"clean_steps\" is required when setting target provision state to clean.");
        }
        if (verb != ProvisionEvent.CLEAN && !cleanSteps.isEmpty()) {
            throw new InvalidInputException("\"clean_steps\" is only valid when setting target provision state to clean.");
        }
        List<JsonNode> deploySteps = DeploySteps.check(list(body, "deploy_steps"), verb, call.atLeast(1, 69));
        List<JsonNode> serviceSteps = DeploySteps.checkService(list(body, "service_steps"), verb);
        Optional<String> rescuePassword = BodyFields.text(body, "rescue_password");
        if (verb == ProvisionEvent.RESCUE && rescuePassword.filter(p -> !p.isBlank()).isEmpty()) {
            throw new InvalidInputException("A non-empty \"rescue_password\" is required when setting target"
                    + " provision state to rescue.");
        }
        if (verb != ProvisionEvent.RESCUE && body.has("rescue_password") && !body.get("rescue_password").isNull()) {
            throw new InvalidInputException("\"rescue_password\" is only valid when setting target provision state"
                    + " to rescue.");
        }
        Optional<Boolean> disableRamdisk = Optional.ofNullable(body.get("disable_ramdisk"))
                .filter(JsonNode::isBoolean).map(JsonNode::asBoolean);
        actions.provision(node, new ProvisionRequest(verb, configdrive, cleanSteps, deploySteps, disableRamdisk,
                rescuePassword, serviceSteps));
        call.accepted(Optional.of(statesUrl(call, node)));
    }

    /**
     * Ironic's per-state gates on abort: an inspection wait from 1.41, a deploy waiting on its ramdisk only
     * from 1.110 (above what this conductor serves); older requests are not acceptable (406).
     */
    private static void refuseAbortBelowItsVersion(ApiCall call, ProvisionState state) {
        boolean acceptable = switch (state) {
            case INSPECT_WAIT -> call.atLeast(1, 41);
            case DEPLOY_WAIT -> call.atLeast(1, 110);
            default -> true;
        };
        if (!acceptable) {
            throw new ApiException(406, "Request not acceptable. Aborting a node in \"" + state + "\" needs API"
                    + " version " + (state == ProvisionState.INSPECT_WAIT ? "1.41" : "1.110") + " or later.");
        }
    }

    /** Ironic answers 406 to unhold below 1.85 and service below 1.87 (not 400 as for the older verbs). */
    private static ProvisionEvent notAcceptableBelowItsVersion(ApiCall call, ProvisionEvent verb) {
        boolean below = switch (verb) {
            case UNHOLD -> !call.atLeast(1, 85);
            case SERVICE -> !call.atLeast(1, 87);
            default -> false;
        };
        if (below) {
            throw new ApiException(406, "Request not acceptable. The minimal required API version should be 1."
                    + (verb == ProvisionEvent.UNHOLD ? 85 : 87));
        }
        return verb;
    }

    /** The microversions that introduced each target (older clients must not reach newer verbs). */
    private static boolean availableAt(ApiCall call, String target) {
        return switch (target) {
            case "manage", "provide" -> call.atLeast(1, 4);
            case "inspect" -> call.atLeast(1, 6);
            case "abort" -> call.atLeast(1, 13);
            case "clean" -> call.atLeast(1, 15);
            case "adopt" -> call.atLeast(1, 17);
            case "rescue", "unrescue" -> call.atLeast(1, 38);
            case "deploy", "undeploy" -> call.atLeast(1, 73);
            default -> true;
        };
    }

    private void power(ApiCall call) {
        ObjectNode body = call.bodyObject();
        String target = BodyFields.text(body, "target").orElseThrow(() -> new InvalidInputException(
                "Mandatory field missing: \"target\" (power on, power off, rebooting, soft power off, soft rebooting)."));
        PowerState state = PowerState.find(target)
                .filter(s -> call.atLeast(1, 27) || (s != PowerState.SOFT_POWER_OFF && s != PowerState.SOFT_REBOOTING))
                .orElseThrow(() -> new InvalidInputException("\"" + target + "\" is not a valid power target; use"
                        + " power on, power off, rebooting" + (call.atLeast(1, 27) ? ", soft power off or soft rebooting."
                        : ".")));
        Optional<Duration> timeout = Optional.empty();
        JsonNode rawTimeout = body.get("timeout");
        if (rawTimeout != null && !rawTimeout.isNull()) {
            if (!call.atLeast(1, 27) || !rawTimeout.canConvertToInt() || rawTimeout.asInt() < 1) {
                throw new InvalidInputException("\"timeout\" must be a positive number of seconds (API 1.27 or later).");
            }
            timeout = Optional.of(Duration.ofSeconds(rawTimeout.asInt()));
        }
        Node node = node(call);
        actions.setPower(node, state, timeout);
        call.accepted(Optional.of(statesUrl(call, node)));
    }

    private void validate(ApiCall call) {
        Node node = node(call);
        ObjectNode out = call.mapper().createObjectNode();
        for (InterfaceValidation result : actions.validate(node)) {
            ObjectNode entry = out.putObject(result.kind());
            if (result.result().isPresent()) {
                entry.put("result", result.result().get());
            } else {
                entry.putNull("result");
            }
            // Ironic names a reason only when there is one.
            result.reason().ifPresent(reason -> entry.put("reason", reason));
        }
        call.json(200, out);
    }

    private void maintenance(ApiCall call, boolean on) {
        Optional<String> reason = Optional.empty();
        if (on && call.query("reason").isPresent()) {
            reason = call.query("reason");
        } else if (on && hasBody(call)) {
            reason = BodyFields.text(call.bodyObject(), "reason");
        }
        actions.setMaintenance(node(call), on, reason);
        call.accepted(Optional.empty());
    }

    private static boolean hasBody(ApiCall call) {
        return call.contentLength() != 0;
    }

    private void setBootDevice(ApiCall call) {
        ObjectNode body = call.bodyObject();
        String device = BodyFields.text(body, "boot_device").orElseThrow(() -> new InvalidInputException(
                "Mandatory field missing: \"boot_device\" (e.g. pxe or disk)."));
        JsonNode persistent = body.path("persistent");
        if (!persistent.isMissingNode() && !persistent.isBoolean()) {
            throw new InvalidInputException("\"persistent\" must be true or false.");
        }
        ObjectNode arguments = call.mapper().createObjectNode();
        arguments.put("device", device);
        arguments.put("persistent", persistent.asBoolean(false));
        owner.call(node(call), OwnerAction.SET_BOOT_DEVICE, arguments);
        call.noContent();
    }

    private void bootDevice(ApiCall call) {
        call.json(200, owner.call(node(call), OwnerAction.GET_BOOT_DEVICE, call.mapper().createObjectNode()));
    }

    private void supported(ApiCall call) {
        ObjectNode out = call.mapper().createObjectNode();
        out.set("supported_boot_devices", owner.call(node(call), OwnerAction.GET_SUPPORTED_BOOT_DEVICES,
                call.mapper().createObjectNode()));
        call.json(200, out);
    }

    /** The list under {@code key}, each step as sent (the deploy steps' schema is checked on its own). */
    private static List<JsonNode> list(ObjectNode body, String key) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw new InvalidInputException("\"" + key + "\" must be a list of steps.");
        }
        List<JsonNode> steps = new ArrayList<>();
        value.forEach(steps::add);
        return steps;
    }

    private static List<JsonNode> steps(ObjectNode body, String key) {
        List<JsonNode> steps = new ArrayList<>();
        for (JsonNode step : list(body, key)) {
            if (!step.isObject() || !step.path("interface").isTextual() || !step.path("step").isTextual()) {
                throw new InvalidInputException("Each of \"" + key + "\" needs \"interface\" and \"step\": " + step);
            }
            steps.add(step);
        }
        return steps;
    }

}
