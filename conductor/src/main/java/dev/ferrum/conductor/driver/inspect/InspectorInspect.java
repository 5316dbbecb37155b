package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

/**
 * {@code inspector}: inspection by a remote ironic-inspector/discoverd; valid only while the
 * service is enabled and has a URL. The inspection flow starts and polls it through {@link #client()}.
 */
public final class InspectorInspect implements InspectInterface {
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
}
