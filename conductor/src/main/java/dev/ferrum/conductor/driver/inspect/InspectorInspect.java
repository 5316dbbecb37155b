package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import java.util.Optional;

/**
 * {@code inspector}: inspection by a remote ironic-inspector/discoverd; valid only while the
 * service is enabled and has a URL. Starting asks the service to inspect and waits; the periodic poll
 * reads the service's status and moves the node on when it has finished.
 */
public final class InspectorInspect implements InspectInterface {
    private static final System.Logger LOG = System.getLogger(InspectorInspect.class.getName());
    private final InspectorConfig config;
    private final InspectorClient client;

    public InspectorInspect(InspectorConfig config, InspectorClient client) {
        this.config = config;
        this.client = client;
    }

    @Override
    public String name() {
        return "inspector";
    }

    @Override
    public Validation validate(Node node) {
        if (!config.enabled()) {
            return Validation.invalid("the inspector service is disabled in the conductor's configuration; enable it "
                    + "or choose inspect_interface agent");
        }
        if (config.serviceUrl().isEmpty()) {
            return Validation.invalid("the inspector service has no service_url configured");
        }
        return Validation.ok();
    }

    @Override
    public InspectStyle style() {
        return InspectStyle.REMOTE;
    }

    public InspectorClient client() {
        return client;
    }

    @Override
    public Node start(InspectTask task, Node node) {
        // The service powers and boots the node itself (discoverd's contract); the conductor only asks.
        client.start(node.uuid());
        return task.fire(node, ProvisionEvent.WAIT,
                b -> b.editInternal(s -> s.withWaitDeadline(Optional.of(task.waitDeadline()))));
    }

    /**
     * Finished without error → manageable, finished with an error → inspect failed with that error; still
     * running, or the service unreachable this time, leaves the node waiting (its deadline still applies).
     */
    @Override
    public Node poll(InspectTask task, Node node) {
        IntrospectionStatus status;
        try {
            status = client.status(node.uuid());
        } catch (ConductorException e) {
            LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " inspector status unavailable; asking"
                    + " again next poll: " + e.getMessage());
            return node;
        }
        return switch (status.outcome()) {
            case RUNNING -> {
                LOG.log(System.Logger.Level.DEBUG, "node=" + node.uuid() + " introspection running");
                yield node;
            }
            case SUCCEEDED -> task.fire(node, ProvisionEvent.DONE, b -> b.lastError(Optional.empty())
                    .inspectionFinishedAt(Optional.of(task.now()))
                    .editInternal(s -> s.withWaitDeadline(Optional.empty())));
            case FAILED -> task.fail(node, "The inspector service reports that introspection failed: "
                    + status.error().orElseThrow());
        };
    }
}
