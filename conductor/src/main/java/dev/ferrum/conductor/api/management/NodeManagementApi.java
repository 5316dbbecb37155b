package dev.ferrum.conductor.api.management;

import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.List;

/**
 * The node's console, boot mode and secure boot states and its management extras (NMI, indicators), as
 * one service for {@code IronicApi}'s list. Each action that reaches the BMC runs on the node's ring owner
 * ({@link OwnerCalls}); work Ironic does after answering runs there on virtual threads.
 */
public final class NodeManagementApi implements HttpService {
    private final List<HttpService> services;

    /** @param owner runs the actions that reach the BMC on the node's ring owner */
    public NodeManagementApi(Store store, OwnerCalls owner, Endpoints endpoints) {
        BmcActions actions = owner.actions();
        this.services = List.of(
                new ConsoleResource(store, actions, owner, endpoints),
                new BootModeResource(store, actions, owner, endpoints),
                new IndicatorsResource(store, owner, endpoints));
    }

    @Override
    public void routing(HttpRules rules) {
        services.forEach(service -> service.routing(rules));
    }
}
