package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.actions.BootDevice;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.driver.console.ConsoleInterface;
import dev.ferrum.conductor.driver.console.ConsoleInterfaces;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.management.Indicator;
import dev.ferrum.conductor.driver.management.IndicatorState;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.driver.management.ManagementInterfaces;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import java.time.Duration;
import java.util.List;

/**
 * The synchronous node actions as the node's ring owner runs them, whether the request reached it directly or
 * through {@link OwnerCalls}: JSON arguments in (what the API checked), JSON result out, the conductor's
 * exceptions for a refusal. The API checks a request's shape before it gets here; what needs the BMC or the
 * driver (is this boot device supported, does the interface offer indicators) is decided here, as Ironic's
 * conductor decides it.
 */
public final class BmcActions {
    /** How long an action waits for the node's lock before answering 409, as Ironic retries. */
    private static final Duration LOCK_WAIT = Duration.ofSeconds(2);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Store store;
    private final NodeActions actions;
    private final String conductor;
    private final ManagementInterfaces managements = new ManagementInterfaces();
    private final ConsoleInterfaces consoles = new ConsoleInterfaces();
    private final NodeWork work;
    private final VendorRunner vendor;

    /**
     * Runs a node's vendor passthru call here, the arguments as the API packed them (api.vendor's machinery,
     * passed in so that package and this one need not know each other).
     */
    @FunctionalInterface
    public interface VendorRunner {
        JsonNode run(Node node, ObjectNode request);
    }

    /**
     * @param actions the conductor's node actions (boot devices go through the node's driver bundle there)
     * @param vendor runs the node's vendor passthru methods
     */
    public BmcActions(Store store, NodeActions actions, String conductor, VendorRunner vendor) {
        this.store = store;
        this.actions = actions;
        this.conductor = conductor;
        this.work = new NodeWork(store, conductor, task -> Thread.ofVirtual().name("node-management").start(task));
        this.vendor = vendor;
    }

    /** Runs {@code action} on {@code node} here; {@link NullNode} when it has no result. */
    JsonNode run(OwnerAction action, Node node, ObjectNode arguments) {
        return switch (action) {
            case SET_BOOT_DEVICE -> setBootDevice(node, arguments.path("device").asText(),
                    arguments.path("persistent").asBoolean(false));
            case GET_BOOT_DEVICE -> bootDevice(node);
            case GET_SUPPORTED_BOOT_DEVICES -> {
                ArrayNode out = JSON.arrayNode();
                actions.supportedBootDevices(node).forEach(out::add);
                yield out;
            }
            case INJECT_NMI -> locked(node, () -> management(node).injectNmi(node));
            case GET_SUPPORTED_INDICATORS -> indicators(node);
            case GET_INDICATOR_STATE -> JSON.textNode(management(node).indicatorState(node,
                    arguments.path("component").asText(), arguments.path("indicator").asText()).wireName());
            case SET_INDICATOR_STATE -> locked(node, () -> management(node).setIndicatorState(node,
                    arguments.path("component").asText(), arguments.path("indicator").asText(),
                    IndicatorState.fromWireName(arguments.path("state").asText()).orElseThrow()));
            case SET_BOOT_MODE -> setBootMode(node, arguments.path("mode").asText());
            case SET_SECURE_BOOT_STATE -> setSecureBoot(node, arguments.path("state").asBoolean());
            case SET_CONSOLE_MODE -> setConsole(node, arguments.path("enabled").asBoolean());
            case VENDOR_PASSTHRU -> vendor.run(node, arguments);
        };
    }

    /** The node's management slot for the optional operations, refused (400) when its configuration is invalid. */
    ManagementInterface management(Node node) {
        ManagementInterface management = managements.named(node.interfaces().get(InterfaceKind.MANAGEMENT).orElse(""));
        management.validate(node).failure().ifPresent(reason -> {
            throw new InvalidInputException(reason);
        });
        return management;
    }

    /** The node's console slot. */
    ConsoleInterface console(Node node) {
        return consoles.named(node.interfaces().get(InterfaceKind.CONSOLE)
                .orElse(HardwareTypes.emptyName(InterfaceKind.CONSOLE)));
    }

    private JsonNode setBootDevice(Node node, String device, boolean persistent) {
        List<String> supported = actions.supportedBootDevices(node);
        if (!supported.contains(device)) {
            throw new InvalidInputException("Boot device \"" + device + "\" is not supported by node "
                    + node.displayName() + "; supported: " + supported + ".");
        }
        actions.setBootDevice(node, device, persistent);
        return NullNode.getInstance();
    }

    private JsonNode bootDevice(Node node) {
        BootDevice device = actions.bootDevice(node);
        ObjectNode out = JSON.objectNode();
        out.put("boot_device", device.device().orElse(null));
        if (device.persistent().isPresent()) {
            out.put("persistent", device.persistent().get());
        } else {
            out.putNull("persistent");
        }
        return out;
    }

    private JsonNode indicators(Node node) {
        ArrayNode out = JSON.arrayNode();
        for (Indicator indicator : management(node).supportedIndicators(node)) {
            ObjectNode item = out.addObject();
            item.put("name", indicator.name());
            item.put("component", indicator.component());
            item.put("readonly", indicator.readonly());
            ArrayNode states = item.putArray("states");
            indicator.states().forEach(s -> states.add(s.wireName()));
        }
        return out;
    }

    private JsonNode setBootMode(Node node, String mode) {
        ManagementInterface management = management(node);
        work.afterAnswer(node.uuid(), "Failed to change boot mode to '" + mode + ": ",
                current -> management.setBootMode(current, mode));
        return NullNode.getInstance();
    }

    private JsonNode setSecureBoot(Node node, boolean on) {
        ManagementInterface management = management(node);
        work.afterAnswer(node.uuid(), "Failed to change secure_boot state to '" + (on ? "True" : "False") + "': ",
                current -> management.setSecureBoot(current, on));
        return NullNode.getInstance();
    }

    private JsonNode setConsole(Node node, boolean enabled) {
        ConsoleInterface console = console(node);
        work.afterAnswer(node.uuid(), "Failed to " + (enabled ? "start" : "stop") + " console: ", current -> {
            if (enabled) {
                console.start(current);
            } else {
                console.stop(current);
            }
            store.hardware().update(current.uuid(), h -> h.withConsoleEnabled(enabled));
        });
        return NullNode.getInstance();
    }

    private JsonNode locked(Node node, Runnable action) {
        store.locks().withLockWaiting(node.uuid(), conductor, LOCK_WAIT, lock -> {
            action.run();
            return null;
        });
        return NullNode.getInstance();
    }
}
