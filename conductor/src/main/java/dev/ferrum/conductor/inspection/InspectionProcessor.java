package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.inspection.rules.RuleBook;
import dev.ferrum.conductor.inspection.rules.RuleEngine;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.support.net.MacAddress;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Processes a ramdisk's inspection report: finds the node (BMC address first, then MACs) among the
 * nodes waiting in {@code inspect wait}, runs the hooks in order, stores the raw and processed data,
 * fills missing properties (all of them when configured to overwrite), creates missing ports and moves
 * the node to {@code inspecting}; a failing hook fails the node with its message. Powering the node off
 * and moving it to {@code manageable} happen afterwards, as a separate task on the node's lock, so the
 * ramdisk has its answer before the BMC is touched: a BMC whose power-off waits for the ramdisk to stop
 * would otherwise wait on a ramdisk that waits on us. A failed power-off fails the node (inspect failed)
 * with the BMC's error in last_error and the history.
 */
public final class InspectionProcessor {
    private static final System.Logger LOG = System.getLogger(InspectionProcessor.class.getName());

    private final Store store;
    private final DriverRegistry drivers;
    private final String conductor;
    private final Clock clock;
    private final InspectionConfig config;
    private final List<ProcessingHook> hooks;
    private final NodeTasks tasks;
    private final OutcomeWriter writer;
    private final BmcCredentialSetup credentials;
    private final DiscoveryEnrollment enrollment;

    public InspectionProcessor(Store store, DriverRegistry drivers, String conductor, Clock clock,
                               InspectionConfig config, List<ProcessingHook> hooks, NodeTasks tasks, RuleBook rules) {
        this.store = store;
        this.writer = new OutcomeWriter(store, clock, config, rules, conductor);
        this.credentials = new BmcCredentialSetup(store, drivers, config, clock, conductor);
        this.tasks = tasks;
        this.drivers = drivers;
        this.conductor = conductor;
        this.clock = clock;
        this.config = config;
        this.hooks = List.copyOf(hooks);
        this.enrollment = new DiscoveryEnrollment(store, drivers, conductor, clock, this.hooks, writer);
    }

    /** The in-band BMC credential setup this processor finishes before powering an inspected node off. */
    public BmcCredentialSetup credentials() {
        return credentials;
    }

    /**
     * What processing a report gives the ramdisk back: the node it belonged to, and the BMC credentials the
     * ramdisk is to set, if an operator asked for them.
     */
    public record Processed(UUID node, Optional<BmcCredentialSetup.Credentials> credentialsToSet) {
    }

    /**
     * Processes {@code report} (whose raw form is {@code raw}): the node it belonged to is left in
     * {@code inspecting} with the power-off (and the check of new BMC credentials) queued.
     */
    public Processed process(ContinueBody report, JsonNode raw, Optional<String> agentToken) {
        Optional<Node> match = find(report);
        if (match.isEmpty()) {
            if (config.enrollDriver().isPresent()) {
                return new Processed(enrollment.enroll(report, raw, config.enrollDriver().get()), Optional.empty());
            }
            throw notFound(report);
        }
        Node found = match.get();
        UUID uuid = store.locks().withLock(found.uuid(), conductor, lock -> {
            Node node = store.nodes().get(found.uuid());
            if (node.provisionState() != ProvisionState.INSPECT_WAIT) {
                throw new InspectionException(403, "Node " + node.uuid() + " is not on introspection: its provision"
                        + " state is \"" + node.provisionState() + "\". Start inspection first.");
            }
            requireTokenIfIssued(node, agentToken);
            // Logged on arrival, before the hooks and the power-off: when the machine's data got here.
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " inspection data received");
            if (raw instanceof ObjectNode object) {
                store.introspection().save(node.uuid(), IntrospectionDataKind.UNPROCESSED, JsonDict.of(object));
            }
            runHooks(lock, node, report, raw);
            return node.uuid();
        });
        // Read before the task is queued: the task's check deletes the credentials once the BMC takes them, and
        // the ramdisk must still be told what to set.
        Optional<BmcCredentialSetup.Credentials> toSet = credentials.pending(uuid);
        tasks.submit(uuid, "power off after inspection", this::powerOffAndFinish);
        return new Processed(uuid, toSet);
    }

    /**
     * Runs the hooks over {@code report} of a node in {@code inspect wait}, writes what they found and moves it to
     * {@code inspecting}; a failing hook or rule fails the node and is thrown.
     */
    private void runHooks(NodeLock lock, Node node, ContinueBody report, JsonNode raw) {
        InspectionOutcome outcome;
        try {
            outcome = ProcessingHooks.run(hooks, node, report);
        } catch (InspectionException failure) {
            store.transition(lock, node.version(), node.provisionState(), ProvisionEvent.FAIL,
                    b -> b.lastError(failure.getMessage()).inspectionFinishedAt(clock.instant()));
            throw failure;
        }
        record(lock, node, outcome, raw);
    }

    /**
     * Finishes, under {@code lock}, the inspection of a node whose conductor died after the ramdisk's report was
     * stored, from that report and without booting the node again: a node still in {@code inspect wait} (its
     * processing died before it wrote its result) has the stored report processed again, then, as after any
     * report, the node is powered off and made manageable. A failing hook, rule or power-off fails it as it would
     * have. Returns the node as stored afterwards.
     */
    public Node finishFromStoredReport(NodeLock lock, ObjectMapper json) {
        Node node = store.nodes().get(lock.node());
        if (node.provisionState() == ProvisionState.INSPECT_WAIT) {
            Optional<ObjectNode> raw = store.introspection().load(node.uuid(), IntrospectionDataKind.UNPROCESSED)
                    .map(JsonDict::toObjectNode);
            if (raw.isEmpty() || !ReportArrival.received(store, node)) {
                throw new InvalidStateException("Node " + node.uuid() + " has no report stored from its current"
                        + " inspection; it must boot the ramdisk again.");
            }
            try {
                runHooks(lock, node, ContinueBody.parse(json, raw.get()), raw.get());
            } catch (InspectionException failed) {
                return store.nodes().get(node.uuid());
            } catch (ProtocolException unreadable) {
                Node current = store.nodes().get(node.uuid());
                return store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.FAIL,
                        b -> b.lastError("The stored inspection report of node " + node.uuid() + " cannot be read"
                                + " again: " + unreadable.getMessage() + ". Inspect the node again.")
                                .inspectionFinishedAt(clock.instant()));
            }
        }
        powerOffAndFinish(lock);
        return store.nodes().get(node.uuid());
    }

    /**
     * Inspector's reapply: runs the hooks and the rules again over the report stored from the node's last
     * inspection, without booting it, and writes what they find; the node stays in its state. A failing hook or
     * rule leaves the node unchanged but for last_error and the history.
     */
    public void reprocess(UUID uuid, ObjectMapper json) {
        store.locks().withLock(uuid, conductor, lock -> {
            Node node = store.nodes().get(uuid);
            if (node.provisionState() == ProvisionState.INSPECT_WAIT
                    || node.provisionState() == ProvisionState.INSPECTING) {
                throw new InvalidStateException("Node " + uuid + " is being inspected; reprocess its data once the"
                        + " inspection has finished.");
            }
            ObjectNode raw = store.introspection().load(uuid, IntrospectionDataKind.UNPROCESSED)
                    .orElseThrow(() -> new NotFoundException("No unprocessed introspection data stored for node "
                            + uuid + "; inspect it first.")).toObjectNode();
            try {
                InspectionOutcome outcome = ProcessingHooks.run(hooks, node, ContinueBody.parse(json, raw));
                RuleEngine.Result result = writer.write(node, outcome, raw);
                Node current = store.nodes().get(uuid);
                store.nodes().update(lock, current.version(), b -> result.failure()
                        .map(failure -> b.lastError(failure + ". Fix the node or the rule, then reprocess again."))
                        .orElseGet(() -> result.node().applyTo(b).lastError(Optional.empty())));
            } catch (InspectionException | ProtocolException failure) {
                Node current = store.nodes().get(uuid);
                store.nodes().update(lock, current.version(), b -> b.lastError("Reprocessing the introspection"
                        + " data failed: " + failure.getMessage()));
            }
            LOG.log(System.Logger.Level.INFO, "node=" + uuid + " introspection data reprocessed");
            return null;
        });
    }

    /**
     * The heartbeat's rule, applied to the report: once an agent of this boot has looked the node up and holds its
     * token, only that agent may report, so nobody else on the network can replace the machine's data. Before any
     * lookup there is no token to ask for: IPA and discoverd ramdisks report first and look up afterwards.
     */
    private static void requireTokenIfIssued(Node node, Optional<String> presented) {
        node.internal().agentToken().ifPresent(issued -> {
            if (presented.filter(issued::matches).isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " inspection report refused: the node"
                        + " holds an agent token and the report carried " + (presented.isEmpty() ? "none" : "another"));
                throw new InspectionException(401, "Invalid or missing agent token received.");
            }
        });
    }

    private Optional<Node> find(ContinueBody report) {
        Set<Node> candidates = new LinkedHashSet<>();
        ReportAddresses.bmc(report).ifPresent(bmc -> candidates.addAll(store.nodes().findByBmcAddress(bmc)));
        List<MacAddress> macs = ReportAddresses.macs(report);
        if (candidates.isEmpty() && !macs.isEmpty()) {
            candidates.addAll(store.nodes().findByPortAddresses(macs));
        }
        List<Node> waiting = candidates.stream().filter(n -> n.provisionState() == ProvisionState.INSPECT_WAIT).toList();
        Set<UUID> distinct = waiting.stream().map(Node::uuid).collect(Collectors.toCollection(LinkedHashSet::new));
        if (distinct.size() > 1) {
            throw new InspectionException("Look up error: Multiple nodes match the report: " + distinct
                    + "; give each node its own BMC address and ports.");
        }
        if (distinct.isEmpty()) {
            if (!candidates.isEmpty()) {
                Node other = candidates.iterator().next();
                throw new InspectionException(403, "Node " + other.uuid() + " is not on introspection: its provision"
                        + " state is \"" + other.provisionState() + "\".");
            }
            return Optional.empty();
        }
        return Optional.of(waiting.getFirst());
    }

    private static InspectionException notFound(ContinueBody report) {
        return new InspectionException("The following failures happened during running pre-processing hooks:\n"
                + "Look up error: Could not find a node for attributes {'bmc_address': "
                + report.bmcAddress().map(a -> "['" + a + "']").orElse("[]") + ", 'mac': "
                + ReportAddresses.macs(report).stream().map(m -> "'" + m.value() + "'").toList() + "}");
    }

    /** Writes the outcome and the rules' edits and moves on to the power-off; a rule's fail fails the node. */
    private void record(NodeLock lock, Node node, InspectionOutcome outcome, JsonNode raw) {
        RuleEngine.Result result = writer.write(node, outcome, raw);
        Node current = store.nodes().get(node.uuid());
        if (result.failure().isPresent()) {
            String failure = result.failure().get();
            store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.FAIL,
                    b -> b.lastError(failure + ". Fix the node or the rule, then inspect again.")
                            .inspectionFinishedAt(clock.instant()));
            throw new InspectionException(failure);
        }
        // The power-off that ends the inspection is this conductor's work now: if it dies before, a takeover finds
        // the node by its affinity and finishes it.
        Node inspected = store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.RESUME,
                b -> result.node().applyTo(b).conductorAffinity(conductor));
        List<String> changes = InspectionChanges.between(node, inspected);
        new Timeline(store, conductor, clock).record(inspected, Timeline.Entry.of("inspection", "inspection.received",
                NodeEvent.Severity.INFO, "Inspection data received; " + (changes.isEmpty() ? "nothing changed"
                        : String.join("; ", changes))).with("changes", changes.size()));
    }

    private void powerOffAndFinish(NodeLock lock) {
        Node node = store.nodes().get(lock.node());
        if (node.provisionState() != ProvisionState.INSPECTING) {
            // Aborted, or failed by recovery, between the answer and this task: nothing left to finish.
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " no power-off after inspection: the node is"
                    + " now \"" + node.provisionState() + "\"");
            return;
        }
        Node verified;
        try {
            verified = credentials.verify(lock, node);
        } catch (InspectionException failure) {
            Node current = store.nodes().get(node.uuid());
            store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.FAIL, b -> b
                    .lastError(failure.getMessage()).inspectionFinishedAt(clock.instant()));
            return;
        }
        try {
            drivers.bundleFor(verified).power().powerOff(verified);
        } catch (RuntimeException failure) {
            Node current = store.nodes().get(node.uuid());
            store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.FAIL, b -> b
                    .lastError("Failed to power off node " + node.uuid() + " after inspection: " + failure.getMessage()
                            + ". Check its power settings (driver_info), then inspect again.")
                    .inspectionFinishedAt(clock.instant()));
            return;
        }
        Node current = store.nodes().get(node.uuid());
        store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.DONE, b -> b
                .powerState(PowerState.POWER_OFF).lastError(Optional.empty())
                .inspectionFinishedAt(clock.instant())
                .editInternal(s -> s.withoutAgent().withLastPowerStateChange(clock.instant())));
    }
}
