package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.inspection.rules.RuleEngine;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.protocol.inspection.ContinueBody;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Discovery (discoverd's enroll hook): a machine whose report no node matches becomes a new node in
 * {@code enroll} with the configured driver, its BMC address (when the ramdisk found one) as
 * {@code ipmi_address}, and what the hooks made of its report: properties, ports, stored data. It is not
 * powered off, since no credentials are known yet; an operator adds them and moves it on (manage, inspect,
 * provide). A failing hook or rule leaves no node behind.
 */
final class DiscoveryEnrollment {
    private static final System.Logger LOG = System.getLogger(DiscoveryEnrollment.class.getName());

    private final Store store;
    private final DriverRegistry drivers;
    private final String conductor;
    private final Clock clock;
    private final List<ProcessingHook> hooks;
    private final OutcomeWriter writer;

    DiscoveryEnrollment(Store store, DriverRegistry drivers, String conductor, Clock clock, List<ProcessingHook> hooks,
                        OutcomeWriter writer) {
        this.store = store;
        this.drivers = drivers;
        this.conductor = conductor;
        this.clock = clock;
        this.hooks = List.copyOf(hooks);
        this.writer = writer;
    }

    /** Enrolls the machine that sent {@code report} (whose raw form is {@code raw}) with {@code driver}. */
    UUID enroll(ContinueBody report, JsonNode raw, String driver) {
        if (ReportAddresses.macs(report).isEmpty()) {
            throw new InspectionException("Cannot enroll a machine whose report names no MAC address: its ports"
                    + " are how it is found again.");
        }
        JsonDict driverInfo = ReportAddresses.bmc(report)
                .map(address -> JsonDict.empty().with("ipmi_address", address)).orElse(JsonDict.empty());
        Node draft = Node.builder(UUID.randomUUID(), driver, clock.instant()).driverInfo(driverInfo).build();
        Node created = store.nodes().create(draft.toBuilder().interfaces(drivers.resolve(driver, draft.interfaces()))
                .build());
        LOG.log(System.Logger.Level.INFO, "node=" + created.uuid() + " enrolled by discovery (driver " + driver
                + ", MACs " + report.macAddresses() + ")");
        try {
            return store.locks().withLock(created.uuid(), conductor, lock -> {
                Node node = store.nodes().get(created.uuid());
                if (raw instanceof ObjectNode object) {
                    store.introspection().save(node.uuid(), IntrospectionDataKind.UNPROCESSED, JsonDict.of(object));
                }
                InspectionOutcome outcome = ProcessingHooks.run(hooks, node, report);
                RuleEngine.Result result = writer.write(node, outcome, raw);
                result.failure().ifPresent(failure -> {
                    throw new InspectionException(failure);
                });
                Instant now = clock.instant();
                Node current = store.nodes().get(node.uuid());
                store.nodes().update(lock, current.version(), b -> result.node().applyTo(b).inspectionStartedAt(now)
                        .inspectionFinishedAt(now));
                store.history().append(new NodeEvent(UUID.randomUUID(), node.uuid(), now, ProvisionState.ENROLL,
                        ProvisionState.ENROLL, "discovery", NodeEvent.Severity.INFO, "Enrolled by discovery from the"
                        + " inspection report of the machine with MACs " + report.macAddresses(),
                        Optional.of(conductor)));
                return node.uuid();
            });
        } catch (RuntimeException failure) {
            // The machine will boot and report again; a half-made node would then match and refuse it.
            try {
                delete(created.uuid());
            } catch (RuntimeException notDeleted) {
                failure.addSuppressed(notDeleted);
            }
            throw failure;
        }
    }

    /**
     * Deletes the node. Its lock lives in its row, so the delete releases it; releasing it afterwards, as
     * {@code withLock} does, would find no node and answer the ramdisk "not found" instead of why enrolling failed.
     */
    private void delete(UUID node) {
        NodeLock lock = store.locks().acquire(node, conductor);
        try {
            store.nodes().delete(lock);
        } catch (RuntimeException failure) {
            store.locks().release(lock);
            throw failure;
        }
    }
}
